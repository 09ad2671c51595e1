/**
 * Sending a file straight to S3 with a presigned POST the API signed (event images, activity files): the policy
 * fixes the key, type and size, so S3 itself refuses anything else, and the answer says why in its XML.
 */

/** What the API hands the browser: send `fields`, then the file as `file`, as multipart/form-data, to `url`. */
export interface PresignedPost {
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
}

/** What S3 answered an upload it refused, in words a person can act on. */
function s3Refusal(status: number, body: string): string {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  if (code === 'EntityTooLarge') return 'This file is larger than the upload allows.';
  if (code === 'AccessDenied' || status === 403) return 'The upload was refused: the file type or size is not allowed, or the upload took too long. Try again.';
  return 'The upload failed. Check your connection and try again.';
}

/**
 * Sends the file with the presigned POST (XMLHttpRequest, since fetch reports no upload progress); resolves when S3
 * has it, rejects with a message fit to show.
 */
export function sendUpload(ticket: PresignedPost, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    // S3 reads the file last: every field after it is ignored.
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', ticket.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(s3Refusal(request.status, request.responseText))));
    request.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    request.send(form);
  });
}

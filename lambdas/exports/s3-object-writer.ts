/**
 * Writes one S3 object from text produced piece by piece, holding at most about one part in memory: pieces
 * are buffered until PART_SIZE, then sent as a part of a multipart upload. A file smaller than one part is a
 * single PutObject. A failure aborts the upload, so no half-written file is left behind (and the bucket's
 * lifecycle rule cleans up any upload an abrupt end leaves).
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/** S3 accepts parts of 5 MiB and more (but the last); 8 MiB keeps round trips few and memory small. */
export const PART_SIZE = 8 * 1024 * 1024;

export interface ObjectTarget {
  readonly bucket: string;
  readonly key: string;
  readonly contentType: string;
  readonly contentDisposition?: string;
}

export class S3ObjectWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private uploadId: string | undefined;
  private readonly parts: { ETag: string; PartNumber: number }[] = [];
  /** Bytes written so far, parts sent and pending. */
  size = 0;

  constructor(
    private readonly s3: S3Client,
    private readonly target: ObjectTarget,
    private readonly partSize: number = PART_SIZE,
  ) {}

  private get objectParams() {
    return {
      Bucket: this.target.bucket,
      Key: this.target.key,
      ContentType: this.target.contentType,
      ...(this.target.contentDisposition ? { ContentDisposition: this.target.contentDisposition } : {}),
    };
  }

  async write(text: string): Promise<void> {
    if (text === '') return;
    const bytes = Buffer.from(text, 'utf8');
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.size += bytes.length;
    if (this.pendingBytes >= this.partSize) await this.sendPart();
  }

  private takePending(): Buffer {
    const body = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    return body;
  }

  private async sendPart(): Promise<void> {
    if (!this.uploadId) {
      const created = await this.s3.send(new CreateMultipartUploadCommand(this.objectParams));
      if (!created.UploadId) throw new Error('S3 started a multipart upload without an upload id');
      this.uploadId = created.UploadId;
    }
    const PartNumber = this.parts.length + 1;
    const { ETag } = await this.s3.send(
      new UploadPartCommand({ Bucket: this.target.bucket, Key: this.target.key, UploadId: this.uploadId, PartNumber, Body: this.takePending() }),
    );
    if (!ETag) throw new Error(`S3 took part ${PartNumber} without an ETag`);
    this.parts.push({ ETag, PartNumber });
  }

  /** Finishes the object; what was written is then the whole file. */
  async close(): Promise<void> {
    if (!this.uploadId) {
      await this.s3.send(new PutObjectCommand({ ...this.objectParams, Body: this.takePending() }));
      return;
    }
    if (this.pendingBytes > 0) await this.sendPart();
    await this.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.target.bucket,
        Key: this.target.key,
        UploadId: this.uploadId,
        MultipartUpload: { Parts: this.parts },
      }),
    );
  }

  /** Gives up: the parts sent so far are discarded. Never throws (it runs while another error is on its way). */
  async abort(): Promise<void> {
    this.pending = [];
    this.pendingBytes = 0;
    if (!this.uploadId) return;
    await this.s3
      .send(new AbortMultipartUploadCommand({ Bucket: this.target.bucket, Key: this.target.key, UploadId: this.uploadId }))
      .catch(() => undefined);
  }
}

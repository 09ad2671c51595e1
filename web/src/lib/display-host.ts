/** Host name of a web address for display: 'https://www.example.org/race' -> 'example.org'. */
export function displayHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

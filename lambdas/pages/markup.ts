/**
 * JSON inside a <script> element: `<` is written as \u003c so no value can close the element (`</script>`) or open
 * a comment, and U+2028/9 are escaped for old parsers. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A file's bytes as base64 for an upload in a JSON body, in slices (a whole file at once overflows the argument list of fromCharCode). */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** Headers as both the Fetch API and Node's IncomingMessage can offer them: what the fast path and Next share. */
export interface HeaderReader {
  get(name: string): string | null;
}

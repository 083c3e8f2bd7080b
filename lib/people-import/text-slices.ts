/**
 * Text in slices of at most a given number of UTF-16 code units, never splitting a surrogate pair: each half
 * alone would become “�” when the slice is encoded (a database value, a parser's buffer). Pure.
 */

/** The end of a slice that starts at `start`: `start + size`, one less where that would split a pair (one more if the pair is the slice). */
function sliceEnd(text: string, start: number, size: number): number {
  const end = Math.min(start + size, text.length);
  const last = text.charCodeAt(end - 1);
  if (end === text.length || last < 0xd800 || last > 0xdbff) return end;
  return end - 1 > start ? end - 1 : end + 1;
}

/** One text in slices of at most `size`. */
export function* textSlices(text: string, size: number): Generator<string> {
  for (let start = 0; start < text.length; ) {
    const end = sliceEnd(text, start, size);
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * Pieces of text as they come (a decoder's, whatever their sizes) as slices of exactly `size` but the last:
 * at most one slice and one piece are held at a time.
 */
export async function* evenTextSlices(pieces: AsyncIterable<string> | Iterable<string>, size: number): AsyncGenerator<string> {
  let held = "";
  for await (const piece of pieces) {
    held += piece;
    let start = 0;
    while (held.length - start > size) {
      const end = sliceEnd(held, start, size);
      yield held.slice(start, end);
      start = end;
    }
    held = held.slice(start);
  }
  if (held.length > 0) yield held;
}

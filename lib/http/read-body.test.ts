import { describe, expect, it, vi } from "vitest";
import {
  BodyTooLargeError,
  CANCEL_OVERSIZED_BODY_AFTER_MS,
  readBodyText,
} from "./read-body.ts";

/** A request whose body arrives in chunks, with no Content-Length, counting how much was pulled from it. */
function streamedRequest(
  chunks: string[],
  headers: Record<string, string> = {},
) {
  const encoder = new TextEncoder();
  let pulled = 0;
  let index = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      cancel() {
        cancelled = true;
      },
      pull(controller) {
        const chunk = chunks[index++];
        if (chunk === undefined) return controller.close();
        pulled += 1;
        controller.enqueue(encoder.encode(chunk));
      },
      // Nothing is pulled until it is read, so `pulled` counts what the reader took.
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://localhost/x", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled, cancelled: () => cancelled };
}

describe("readBodyText", () => {
  it("answers a body within the limit as text, multi-byte characters intact", async () => {
    const { request } = streamedRequest(['{"name":', '"Zoë ✓"}']);
    expect(await readBodyText(request, 64)).toBe('{"name":"Zoë ✓"}');
  });

  it("accepts a body of exactly the limit", async () => {
    const { request } = streamedRequest(["a".repeat(10), "b".repeat(6)]);
    expect(await readBodyText(request, 16)).toBe(
      "a".repeat(10) + "b".repeat(6),
    );
  });

  it("stops reading at the first chunk past the limit, without a Content-Length", async () => {
    const { request, pulled } = streamedRequest(
      Array.from({ length: 100 }, () => "x".repeat(1024)),
    );
    await expect(readBodyText(request, 4 * 1024)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    );
    expect(pulled()).toBeLessThanOrEqual(6);
  });

  it("refuses a declared Content-Length above the limit before reading anything", async () => {
    const { request, pulled } = streamedRequest(["tiny"], {
      "content-length": "999999",
    });
    await expect(readBodyText(request, 1024)).rejects.toThrow(
      "the request body is larger than 1024 bytes",
    );
    expect(pulled()).toBe(0);
  });

  it("does not trust a small Content-Length: the bytes that arrive are counted", async () => {
    const { request } = streamedRequest(["x".repeat(600), "x".repeat(600)], {
      "content-length": "10",
    });
    await expect(readBodyText(request, 1024)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    );
  });

  it("cancels an oversized body only after the refusal has had time to be written", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      for (const { request, cancelled } of [
        streamedRequest(["x".repeat(2048)]),
        streamedRequest(["tiny"], { "content-length": "999999" }),
      ]) {
        await expect(readBodyText(request, 1024)).rejects.toBeInstanceOf(
          BodyTooLargeError,
        );
        // Cancelling at once could cut the connection under Next before the answer is out (read-body.ts).
        expect(cancelled()).toBe(false);
        await vi.advanceTimersByTimeAsync(CANCEL_OVERSIZED_BODY_AFTER_MS);
        await new Promise((resolve) => setImmediate(resolve));
        expect(cancelled()).toBe(true);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers an empty string for a request without a body", async () => {
    expect(
      await readBodyText(
        new Request("http://localhost/x", { method: "POST" }),
        10,
      ),
    ).toBe("");
  });
});

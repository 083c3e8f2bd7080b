import { describe, expect, it } from "vitest";
import { writersOtherThan } from "../kernel/owned-writes.ts";

/**
 * lib/outbox/enqueue-message.ts is the one writer of the outbox, and the write starts the delivery after the
 * commit itself (docs/decisions/0033): a message written anywhere else could be left for the retry job's next
 * run, or be sent by a hand-paired call before the change it announces is committed.
 */

const OWNER = "lib/outbox/enqueue-message.ts";
const WRITES = /\bINSERT\s+INTO\s+outbox_message\b|\boutboxMessage\.(?:create|createMany|createManyAndReturn|upsert)\b|\bdeliverAfterCommit\(/i;


describe("the outbox", () => {
  it("is written only by lib/outbox/enqueue-message.ts, which also starts the delivery", () => {
    const writers = writersOtherThan([OWNER, "lib/outbox/deliver-messages.ts"], (source) => WRITES.test(source));
    expect(writers, "write outbox messages or start their delivery themselves").toEqual([]);
  });
});

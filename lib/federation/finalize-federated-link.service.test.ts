import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember } from "../db/test-fixtures.ts";
import { finalizeFederatedLink } from "./finalize-federated-link.ts";
import { issueLinkCode } from "./issue-link-code.ts";
import { listLinkedIdentities } from "./list-linked-identities.ts";
import { discardLinkCode, getPendingLink } from "./pending-link.ts";
import { removeLinkedIdentityOrThrow } from "./remove-linked-identity-or-throw.ts";

const database = serviceTestDatabase();

describe("linking an external identity", () => {
  it("takes a live code of the caller once, links, lists and removes the identity", async () => {
    const { prisma } = database;
    await prisma.federationProvider.create({
      data: { id: "example", displayName: "Example ID", issuer: "https://id.example", clientId: "church", clientSecretEncrypted: "sealed" },
    });
    const jane = await insertMember(database);
    const joe = await insertMember(database);
    const identity = { providerId: "example", issuer: "https://id.example", subject: "248289761001", email: "Jane.Doe@mail.example" };

    const discarded = await issueLinkCode(database, jane.id, identity);
    await discardLinkCode(database, discarded);
    expect(await getPendingLink(database, discarded, jane.id)).toBeNull();

    const code = await issueLinkCode(database, jane.id, identity);
    expect(await getPendingLink(database, code, joe.id)).toBeNull();
    expect(await getPendingLink(database, code, jane.id)).toMatchObject({ providerId: "example", providerName: "Example ID" });
    expect((await failure(finalizeFederatedLink(database, { userId: joe.id, code, context: TEST_CONTEXT })))?.code).toBe("invalid_request");
    const linked = await finalizeFederatedLink(database, { userId: jane.id, code, context: TEST_CONTEXT });
    expect(linked).toEqual({ status: "linked", provider: "example", linked_at: expect.any(String) });
    expect((await failure(finalizeFederatedLink(database, { userId: jane.id, code, context: TEST_CONTEXT })))?.code).toBe("invalid_request");

    // The same identity again, to the same member: the same answer; to another: a conflict.
    expect(await finalizeFederatedLink(database, { userId: jane.id, code: await issueLinkCode(database, jane.id, identity), context: TEST_CONTEXT })).toEqual(linked);
    expect((await failure(finalizeFederatedLink(database, { userId: joe.id, code: await issueLinkCode(database, joe.id, identity), context: TEST_CONTEXT })))?.code).toBe(
      "conflict",
    );

    const [listed] = await listLinkedIdentities(database, jane.id);
    expect(listed).toMatchObject({ provider: "example", provider_name: "Example ID", linked_at: linked.linked_at, last_used_at: null });
    expect((await failure(removeLinkedIdentityOrThrow(database, joe.id, listed!.id, TEST_CONTEXT)))?.code).toBe("not_found");
    expect(await removeLinkedIdentityOrThrow(database, jane.id, listed!.id, TEST_CONTEXT)).toEqual({
      id: listed!.id,
      provider: "example",
      provider_name: "Example ID",
      email: listed!.email,
      linked_at: linked.linked_at,
      status: "removed",
    });
    expect((await failure(removeLinkedIdentityOrThrow(database, jane.id, listed!.id, TEST_CONTEXT)))?.code).toBe("not_found");
    expect((await prisma.securityEvent.findMany({ where: { userId: jane.id }, orderBy: { createdAt: "asc" }, select: { type: true } })).map((event) => event.type)).toEqual([
      "federated_identity_linked",
      "federated_identity_removed",
    ]);
  });
});

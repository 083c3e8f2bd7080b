import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";

/**
 * PATCH /api/v1/users/me: the member renames themselves (either part, or both) or says the name they go by (null:
 * none). Apps see the new name at the next userinfo or profile read (`updated_at` moves); the security log says
 * what it became, since a name is what other members and the church office see.
 */
export async function changeMyName(
  database: Database,
  userId: string,
  name: { given_name?: string; family_name?: string; nickname?: string | null },
  context: RequestContext,
): Promise<void> {
  await database.transaction(async (tx) => {
    const account = await tx.prisma.user.findUnique({ where: { id: userId }, select: { givenName: true, familyName: true, nickname: true } });
    if (!account) throw notFound("account");
    const givenName = name.given_name ?? account.givenName;
    const familyName = name.family_name ?? account.familyName;
    const nickname = name.nickname === undefined ? account.nickname : name.nickname;
    if (givenName === account.givenName && familyName === account.familyName && nickname === account.nickname) return;
    await tx.prisma.user.update({ where: { id: userId }, data: { givenName, familyName, nickname }, select: { id: true } });
    await recordSecurityEvent(tx, { userId, type: "name_changed", context, detail: { name: `${givenName} ${familyName}`.trim(), ...(nickname !== null && { goes_by: nickname }) } });
  });
}

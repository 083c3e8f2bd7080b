import { db } from "../db.ts";

const HEALTH_TIMEOUT_MS = 2000;

/** Whether the database answers a trivial query within two seconds. Never throws. */
export async function checkDatabaseHealth(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  const probe = (async () => {
    const prisma = await db();
    await prisma.$queryRaw`SELECT 1`;
    return true;
  })().catch((error: unknown) => {
    console.error("[health] database check failed:", error instanceof Error ? error.message : error);
    return false;
  });
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

import { z } from "zod";

/** GET /api/v1/system/health: the process answers. */
export const SystemHealthSchema = z.object({ status: z.literal("ok") }).meta({ id: "SystemHealth" });

/** GET /api/v1/system/ready: the database answers and its migrations are current for this build. */
export const SystemReadySchema = z
  .object({
    status: z.literal("ready"),
    database: z.literal("ok"),
    migrations: z.object({
      shipped: z.int().min(1).meta({ description: "Migrations this build ships (prisma/migrations)." }),
      applied: z.int().min(1).meta({ description: "Migrations the database has applied; more than shipped while a newer release rolls out." }),
    }),
    setup: z.enum(["done", "waiting"]).meta({ description: "`waiting` while the church has no administrator: the server's log holds the setup address (issue 39)." }),
  })
  .meta({ id: "SystemReady" });

/** GET /api/v1/system/version: what is running. */
export const SystemVersionSchema = z
  .object({
    version: z.string().meta({ description: "The app's version (package.json)." }),
    commit: z.string().nullable().meta({ description: "The git commit it was built from, when the build knew it." }),
    built_at: z.iso.datetime().nullable().meta({ description: "When it was built." }),
    node: z.string().meta({ description: "The Node.js version serving it, e.g. v20.20.0." }),
  })
  .meta({ id: "SystemVersion" });

export type SystemVersion = z.infer<typeof SystemVersionSchema>;

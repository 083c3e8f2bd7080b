-- A rotating refresh token spent once across instances (lib/portal-auth/refresh-once.ts, docs/decisions/0033):
-- the portal's and the kiosks' single flight moves from each process's memory to this table.

-- CreateTable
CREATE TABLE "refresh_flight" (
    "key_hash" TEXT NOT NULL,
    "outcome_sealed" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "refresh_flight_pkey" PRIMARY KEY ("key_hash")
);

-- CreateIndex
CREATE INDEX "refresh_flight_started_at_idx" ON "refresh_flight"("started_at");

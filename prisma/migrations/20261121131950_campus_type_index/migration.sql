-- CreateIndex
CREATE INDEX "event_campus_type_start_at_id_idx" ON "event"("campus_id", "event_type", "start_at", "id");

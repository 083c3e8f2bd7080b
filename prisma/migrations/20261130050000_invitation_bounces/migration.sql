-- An invitation remembers the outbox message that carries its link (issue 40): when the mail server refuses
-- the address for good, the invitation shows as bounced. No foreign key: old outbox messages are cleaned up
-- after their retention, and an invitation whose message is gone simply is not bounced.
ALTER TABLE "invitation" ADD COLUMN "message_id" UUID;

-- The zone of the browser that last asked for a fetch of the account: the dates a sync writes into
-- stored text (an attached mail's header block, an invitation's times) are in it (ADR 0017).
ALTER TABLE "accounts" ADD COLUMN "time_zone" text;
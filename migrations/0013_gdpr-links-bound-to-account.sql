ALTER TABLE "gdpr_requests" ADD COLUMN "verification_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gdpr_requests" ADD COLUMN "user_id" uuid;--> statement-breakpoint
-- Outstanding links made before links expired: valid 24 hours from their request, like new ones.
UPDATE "gdpr_requests" SET "verification_expires_at" = "created_at" + interval '24 hours'
	WHERE "verification_token" IS NOT NULL;--> statement-breakpoint
-- Bind an outstanding link to the account that holds its address now, but only when that account already
-- existed when the request was made; an account registered later was never part of the request.
UPDATE "gdpr_requests" SET "user_id" = "users"."id"
	FROM "users"
	WHERE "gdpr_requests"."verification_token" IS NOT NULL
		AND lower("users"."email") = lower("gdpr_requests"."email")
		AND "users"."erased_at" IS NULL
		AND "users"."created_at" <= "gdpr_requests"."created_at";

ALTER TABLE "api_tokens" ADD COLUMN "created_via" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_via" text;--> statement-breakpoint
-- Issue 30 item 6: the accounts and tokens made before this column, from the audit log's record of
-- their creation (the same request: its row is written as the answer goes, within seconds).
UPDATE "users" AS u SET "created_via" = CASE WHEN a."via" = 'local' THEN 'api_auth_off' ELSE 'api' END
FROM "audit_log" AS a
WHERE u."created_via" IS NULL AND a."method" = 'POST' AND a."action" = '/api/users' AND a."status" = 201
  AND a."detail" -> 'body' ->> 'username' = u."username"
  AND abs(extract(epoch FROM (a."at" - u."created_at"))) < 60;--> statement-breakpoint
UPDATE "api_tokens" AS t SET "created_via" = CASE WHEN a."via" = 'local' THEN 'api_auth_off' ELSE 'api' END
FROM "audit_log" AS a
WHERE t."created_via" IS NULL AND a."method" = 'POST' AND a."action" = '/api/users/:id/tokens' AND a."status" = 201
  AND a."detail" -> 'body' ->> 'label' = t."label"
  AND abs(extract(epoch FROM (a."at" - t."created_at"))) < 60;
--> statement-breakpoint
UPDATE "users" AS u SET "created_via" = 'cli'
FROM "audit_log" AS a
WHERE u."created_via" IS NULL AND a."via" = 'cli' AND a."action" = 'ssa user add'
  AND a."detail" ->> 'username' = u."username"
  AND abs(extract(epoch FROM (a."at" - u."created_at"))) < 60;
--> statement-breakpoint
UPDATE "api_tokens" AS t SET "created_via" = 'cli'
FROM "audit_log" AS a
WHERE t."created_via" IS NULL AND a."via" = 'cli' AND a."action" = 'ssa user token add'
  AND a."detail" ->> 'tokenId' = t."id"::text;

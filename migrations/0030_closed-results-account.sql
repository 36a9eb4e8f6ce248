-- The results of closed years, moved to Eigen vermogen, for every existing chart (new charts get the account
-- from ledger/chart.ts).
INSERT INTO "ledger_accounts" ("user_id", "code", "rgs_code", "name", "kind", "system_key")
SELECT DISTINCT "user_id", '0590', 'BEivOvr', 'Verwerkte resultaten', 'equity'::"ledger_account_kind", 'closed_results'
FROM "ledger_accounts"
ON CONFLICT DO NOTHING;

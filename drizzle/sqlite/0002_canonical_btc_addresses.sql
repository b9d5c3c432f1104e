-- §4.3: bech32 BTC addresses compare in lower case (their all-upper form is the same address).
-- Rows that would collide with an existing canonical twin keep their key: OR IGNORE skips them.
UPDATE OR IGNORE `wallet_beneficiaries` SET `address_key` = lower(`address_key`) WHERE `blockchain` = 'BTC' AND lower(substr(`address_key`, 1, 3)) = 'bc1' AND `address_key` <> lower(`address_key`);
--> statement-breakpoint
UPDATE OR IGNORE `screening_denylist` SET `address_key` = lower(`address_key`) WHERE `blockchain` = 'BTC' AND lower(substr(`address_key`, 1, 3)) = 'bc1' AND `address_key` <> lower(`address_key`);
--> statement-breakpoint
DELETE FROM `screening_denylist` WHERE `blockchain` = 'BTC' AND lower(substr(`address_key`, 1, 3)) = 'bc1' AND `address_key` <> lower(`address_key`);

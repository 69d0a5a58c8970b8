-- Addresses recorded from a dual-stack socket as IPv4-mapped IPv6 ('::ffff:127.0.0.1') are
-- stored as the IPv4 address people know ('127.0.0.1'), as the server now records them.
UPDATE "sessions" SET "ip_address" = substr("ip_address", 8)
WHERE "ip_address" ~* '^::ffff:[0-9]{1,3}(\.[0-9]{1,3}){3}$';
--> statement-breakpoint
UPDATE "audit_logs" SET "ip" = substr("ip", 8)
WHERE "ip" ~* '^::ffff:[0-9]{1,3}(\.[0-9]{1,3}){3}$';

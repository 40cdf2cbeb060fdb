-- `role` and `is_admin` say the same thing for admins (ADMIN.md 'Who': isAdmin stays true for admins
-- only). Several writers set is_admin alone (sign-in of a proven SUPER_ADMIN_EMAIL, the bootstrap,
-- the start-up check); these triggers keep the two together whoever writes, in the same statement's
-- transaction (docs/decisions/0127, like has_photo in 0109). Setting is_admin makes the role admin,
-- clearing it makes an admin a member; setting role sets is_admin to (role = 'admin'). Each fires
-- only while the two disagree, so neither sets off the other again. A migration that rebuilds users
-- must drop these four triggers first and create them again after.
CREATE TRIGGER `users_role_follows_is_admin_on_update` AFTER UPDATE OF `is_admin` ON `users`
  WHEN (NEW.`is_admin` = 1) <> (NEW.`role` = 'admin') BEGIN
  UPDATE `users` SET `role` = CASE WHEN NEW.`is_admin` = 1 THEN 'admin' ELSE 'member' END WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_is_admin_follows_role_on_update` AFTER UPDATE OF `role` ON `users`
  WHEN (NEW.`is_admin` = 1) <> (NEW.`role` = 'admin') BEGIN
  UPDATE `users` SET `is_admin` = (NEW.`role` = 'admin') WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_role_follows_is_admin_on_insert` AFTER INSERT ON `users`
  WHEN NEW.`is_admin` = 1 AND NEW.`role` <> 'admin' BEGIN
  UPDATE `users` SET `role` = 'admin' WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_is_admin_follows_role_on_insert` AFTER INSERT ON `users`
  WHEN NEW.`role` = 'admin' AND NEW.`is_admin` = 0 BEGIN
  UPDATE `users` SET `is_admin` = 1 WHERE `id` = NEW.`id`;
END;

ALTER TABLE `users` ADD `has_photo` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- "Has a photo" (spec point 2's guards): a saved profile and at least one photo. The session lookup
-- of every signed-in request read it with two subqueries; the users row it already reads now
-- carries it, kept by these triggers in the same transaction as any write to profiles or photos,
-- whoever makes it (docs/decisions/0109). Photos uploaded before the profile's first save do not count.
UPDATE `users` SET `has_photo` = (EXISTS (SELECT 1 FROM `profiles` WHERE `user_id` = `users`.`id`) AND EXISTS (SELECT 1 FROM `photos` WHERE `user_id` = `users`.`id`));--> statement-breakpoint
CREATE TRIGGER `photos_keep_has_photo_on_insert` AFTER INSERT ON `photos` BEGIN
  UPDATE `users` SET `has_photo` = EXISTS (SELECT 1 FROM `profiles` WHERE `user_id` = NEW.`user_id`) WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `photos_keep_has_photo_on_delete` AFTER DELETE ON `photos` BEGIN
  UPDATE `users` SET `has_photo` = (EXISTS (SELECT 1 FROM `profiles` WHERE `user_id` = OLD.`user_id`) AND EXISTS (SELECT 1 FROM `photos` WHERE `user_id` = OLD.`user_id`)) WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_keep_has_photo_on_insert` AFTER INSERT ON `profiles` BEGIN
  UPDATE `users` SET `has_photo` = EXISTS (SELECT 1 FROM `photos` WHERE `user_id` = NEW.`user_id`) WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_keep_has_photo_on_delete` AFTER DELETE ON `profiles` BEGIN
  UPDATE `users` SET `has_photo` = 0 WHERE `id` = OLD.`user_id`;
END;

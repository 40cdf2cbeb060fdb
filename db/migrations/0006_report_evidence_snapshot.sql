ALTER TABLE `reports` ADD `evidence` text;--> statement-breakpoint
-- Reports filed before evidence was copied: take the copy now, from the conversation as it still is.
UPDATE `reports` SET `evidence` = (
  SELECT json_group_array(json_object('id', id, 'senderId', sender_id, 'content', content, 'kind', kind, 'createdAt', created_at))
  FROM (
    SELECT m.id, m.sender_id, m.content, m.kind, m.created_at FROM `messages` m
    JOIN `matches` x ON x.id = m.match_id
    WHERE (x.user1_id = reports.reporter_id AND x.user2_id = reports.reported_user_id) OR (x.user1_id = reports.reported_user_id AND x.user2_id = reports.reporter_id)
    ORDER BY m.created_at DESC, m.id DESC LIMIT 20
  )
) WHERE EXISTS (
  SELECT 1 FROM `matches` x
  WHERE (x.user1_id = reports.reporter_id AND x.user2_id = reports.reported_user_id) OR (x.user1_id = reports.reported_user_id AND x.user2_id = reports.reporter_id)
);

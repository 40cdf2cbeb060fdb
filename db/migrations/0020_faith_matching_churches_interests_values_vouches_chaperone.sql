CREATE TABLE `chaperone_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`chaperone_id` text,
	`created_at` integer NOT NULL,
	`accepted_at` integer,
	`ended_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chaperone_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chaperone_invitations_token_unique` ON `chaperone_invitations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `chaperone_invitations_live_member_unique` ON `chaperone_invitations` (`member_id`) WHERE "chaperone_invitations"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX `chaperone_invitations_chaperone_idx` ON `chaperone_invitations` (`chaperone_id`,`status`);--> statement-breakpoint
CREATE TABLE `chaperone_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`match_id` text NOT NULL,
	`member_id` text NOT NULL,
	`shared_at` integer NOT NULL,
	`unshared_at` integer,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chaperone_shares_match_idx` ON `chaperone_shares` (`match_id`,`shared_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `chaperone_shares_open_unique` ON `chaperone_shares` (`match_id`,`member_id`) WHERE "chaperone_shares"."unshared_at" is null;--> statement-breakpoint
CREATE INDEX `chaperone_shares_member_idx` ON `chaperone_shares` (`member_id`);--> statement-breakpoint
CREATE TABLE `values_answers` (
	`user_id` text NOT NULL,
	`question_id` text NOT NULL,
	`answer_id` text NOT NULL,
	`acceptable` text NOT NULL,
	`importance` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `question_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `vouch_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vouch_links_user_idx` ON `vouch_links` (`user_id`);--> statement-breakpoint
CREATE TABLE `vouches` (
	`id` text PRIMARY KEY NOT NULL,
	`voucher_id` text NOT NULL,
	`user_id` text NOT NULL,
	`church_id` text,
	`church_name` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`voucher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vouches_pair_unique` ON `vouches` (`voucher_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `vouches_voucher_created_idx` ON `vouches` (`voucher_id`,`created_at`,`status`);--> statement-breakpoint
CREATE INDEX `vouches_user_status_idx` ON `vouches` (`user_id`,`status`,`church_id`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `church_id` text;--> statement-breakpoint
-- values_answers above is WITHOUT ROWID (drizzle-kit cannot declare it; a rebuild must add it again):
-- a deck's answers are one range of the primary key each, nothing else read (docs/decisions/0132).
-- Data steps (docs/decisions/0132), in SQL so they run once, inside this migration's batch.
-- Helper tables: the old English denominations (and the keys themselves, lower-cased) to family
-- keys (MATCHING.md 'Denominations and churches'); interest names, en and id, and aliases to keys
-- (src/features/profile/interests.ts: interests.migration.test.ts keeps the two the same); church
-- name prefixes to the directory's ids (src/features/churches/church-directory.json).
CREATE TABLE `_m0020_denominations` (`old` text PRIMARY KEY NOT NULL, `key` text NOT NULL);--> statement-breakpoint
INSERT INTO `_m0020_denominations` (`old`, `key`) VALUES
  ('catholic', 'catholic'), ('protestant', 'protestant'), ('lutheran', 'protestant'), ('anglican', 'protestant'),
  ('presbyterian', 'reformed'), ('pentecostal', 'pentecostal'), ('baptist', 'baptist'), ('methodist', 'methodist'),
  ('orthodox', 'orthodox'), ('other', 'other'), ('charismatic', 'charismatic'), ('evangelical', 'evangelical'),
  ('adventist', 'adventist'), ('reformed', 'reformed');--> statement-breakpoint
CREATE TABLE `_m0020_interests` (`alias` text PRIMARY KEY NOT NULL, `key` text NOT NULL);--> statement-breakpoint
INSERT INTO `_m0020_interests` (`alias`, `key`) VALUES
  ('alam', 'nature'), ('alam terbuka', 'nature'), ('anjing', 'pets'), ('art', 'art'), ('art and drawing', 'art'), ('baca alkitab', 'bible-study'),
  ('baca buku', 'reading'), ('badminton', 'badminton'), ('bahasa asing', 'languages'), ('baking', 'baking'), ('basket', 'basketball'), ('basketball', 'basketball'),
  ('beach', 'beach'), ('bela diri', 'martial-arts'), ('belajar bahasa', 'languages'), ('berenang', 'swimming'), ('berkebun', 'gardening'), ('berkemah', 'camping'),
  ('bersepeda', 'cycling'), ('bible study', 'bible-study'), ('bible-study', 'bible-study'), ('bikin kue', 'baking'), ('bisnis', 'entrepreneurship'), ('board game', 'board-games'),
  ('board games', 'board-games'), ('board-games', 'board-games'), ('bola basket', 'basketball'), ('bola voli', 'volleyball'), ('books', 'reading'), ('bulu tangkis', 'badminton'),
  ('business', 'entrepreneurship'), ('camping', 'camping'), ('cats', 'pets'), ('catur', 'chess'), ('cell group', 'small-group'), ('chess', 'chess'),
  ('choir', 'choir'), ('church multimedia', 'church-multimedia'), ('church-multimedia', 'church-multimedia'), ('coding', 'technology'), ('coffee', 'coffee'), ('concerts', 'concerts'),
  ('cooking', 'cooking'), ('crafts', 'crafts'), ('culinary', 'culinary'), ('culinary hunting', 'culinary'), ('cycling', 'cycling'), ('dance', 'dancing'),
  ('dancing', 'dancing'), ('diakonia', 'volunteering'), ('diving', 'diving'), ('diving and snorkelling', 'diving'), ('diving dan snorkeling', 'diving'), ('diy', 'crafts'),
  ('doa', 'prayer'), ('dogs', 'pets'), ('drakor', 'series'), ('drawing', 'art'), ('entrepreneurship', 'entrepreneurship'), ('evangelism', 'evangelism'),
  ('family', 'family-time'), ('family time', 'family-time'), ('family-time', 'family-time'), ('fashion', 'fashion'), ('fesyen', 'fashion'), ('film', 'movies'),
  ('films', 'movies'), ('fishing', 'fishing'), ('fitness', 'gym'), ('food hunting', 'culinary'), ('foodie', 'culinary'), ('football', 'football'),
  ('fotografi', 'photography'), ('futsal', 'futsal'), ('gadget', 'technology'), ('game', 'gaming'), ('games', 'gaming'), ('gaming', 'gaming'),
  ('gardening', 'gardening'), ('gitar', 'guitar'), ('gowes', 'cycling'), ('guitar', 'guitar'), ('gym', 'gym'), ('gym and fitness', 'gym'),
  ('gym dan kebugaran', 'gym'), ('hewan peliharaan', 'pets'), ('hiking', 'hiking'), ('history', 'history'), ('jalan-jalan', 'travel'), ('jogging', 'running'),
  ('k-drama', 'series'), ('karaoke', 'karaoke'), ('ke pantai', 'beach'), ('kegiatan sosial', 'volunteering'), ('kelompok sel', 'small-group'), ('keluarga', 'family-time'),
  ('kemah', 'camping'), ('kerajinan tangan', 'crafts'), ('keyboard', 'piano'), ('komsel', 'small-group'), ('konser', 'concerts'), ('koor', 'choir'),
  ('kopi', 'coffee'), ('kucing', 'pets'), ('kuliner', 'culinary'), ('lagu rohani', 'worship-music'), ('languages', 'languages'), ('lari', 'running'),
  ('lari pagi', 'running'), ('learning languages', 'languages'), ('main game', 'gaming'), ('main gitar', 'guitar'), ('main piano', 'piano'), ('mancing', 'fishing'),
  ('martial arts', 'martial-arts'), ('martial-arts', 'martial-arts'), ('masak', 'cooking'), ('melukis', 'art'), ('memancing', 'fishing'), ('memasak', 'cooking'),
  ('membaca', 'reading'), ('membuat kue', 'baking'), ('menari', 'dancing'), ('mendaki gunung', 'hiking'), ('mengajar sekolah minggu', 'sunday-school'), ('menggambar', 'art'),
  ('menulis', 'writing'), ('menyanyi', 'singing'), ('menyelam', 'diving'), ('misi', 'missions'), ('misi penginjilan', 'missions'), ('mission trips', 'missions'),
  ('missions', 'missions'), ('mode', 'fashion'), ('motorbike touring', 'motorbike-touring'), ('motorbike-touring', 'motorbike-touring'), ('movies', 'movies'), ('multimedia gereja', 'church-multimedia'),
  ('multimedia team', 'church-multimedia'), ('music', 'music'), ('musik', 'music'), ('musik daerah', 'traditional-music'), ('musik worship', 'worship-music'), ('naik gunung', 'hiking'),
  ('nature', 'nature'), ('nge-gym', 'gym'), ('ngopi', 'coffee'), ('nonton film', 'movies'), ('nonton konser', 'concerts'), ('nonton serial', 'series'),
  ('nyanyi', 'singing'), ('olahraga', 'sports'), ('pa', 'bible-study'), ('paduan suara', 'choir'), ('painting', 'art'), ('pantai', 'beach'),
  ('pelayanan musik', 'worship-team'), ('pelayanan pemuda', 'youth-ministry'), ('pelayanan sosial', 'volunteering'), ('pemuda gereja', 'youth-ministry'), ('pendalaman alkitab', 'bible-study'), ('penginjilan', 'evangelism'),
  ('permainan papan', 'board-games'), ('persekutuan doa', 'prayer'), ('pets', 'pets'), ('photography', 'photography'), ('piano', 'piano'), ('ping pong', 'table-tennis'),
  ('pingpong', 'table-tennis'), ('podcast', 'podcasts'), ('podcasts', 'podcasts'), ('prayer', 'prayer'), ('prayer meetings', 'prayer'), ('reading', 'reading'),
  ('relawan', 'volunteering'), ('renang', 'swimming'), ('running', 'running'), ('sejarah', 'history'), ('sekolah minggu', 'sunday-school'), ('seni dan menggambar', 'art'),
  ('sepak bola', 'football'), ('sepeda', 'cycling'), ('series', 'series'), ('series and dramas', 'series'), ('singing', 'singing'), ('small group', 'small-group'),
  ('small-group', 'small-group'), ('snorkeling', 'diving'), ('snorkelling', 'diving'), ('soccer', 'football'), ('sports', 'sports'), ('sunday school', 'sunday-school'),
  ('sunday school teaching', 'sunday-school'), ('sunday-school', 'sunday-school'), ('swimming', 'swimming'), ('table tennis', 'table-tennis'), ('table-tennis', 'table-tennis'), ('tanaman', 'gardening'),
  ('tech', 'technology'), ('technology', 'technology'), ('teknologi', 'technology'), ('tenis', 'tennis'), ('tenis meja', 'table-tennis'), ('tennis', 'tennis'),
  ('teologi', 'theology'), ('theology', 'theology'), ('tim multimedia', 'church-multimedia'), ('tim pujian', 'worship-team'), ('touring', 'motorbike-touring'), ('touring motor', 'motorbike-touring'),
  ('traditional music', 'traditional-music'), ('traditional-music', 'traditional-music'), ('travel', 'travel'), ('traveling', 'travel'), ('traveller', 'travel'), ('travelling', 'travel'),
  ('trekking', 'hiking'), ('tv series', 'series'), ('video games', 'gaming'), ('voli', 'volleyball'), ('volleyball', 'volleyball'), ('volunteering', 'volunteering'),
  ('waktu bersama keluarga', 'family-time'), ('wirausaha', 'entrepreneurship'), ('wisata', 'travel'), ('wisata kuliner', 'culinary'), ('worship ministry', 'worship-team'), ('worship music', 'worship-music'),
  ('worship team', 'worship-team'), ('worship-music', 'worship-music'), ('worship-team', 'worship-team'), ('writing', 'writing'), ('youth ministry', 'youth-ministry'), ('youth-ministry', 'youth-ministry');--> statement-breakpoint
CREATE TABLE `_m0020_churches` (`prefix` text PRIMARY KEY NOT NULL, `church_id` text NOT NULL);--> statement-breakpoint
INSERT INTO `_m0020_churches` (`prefix`, `church_id`) VALUES
  ('abbalove', 'abbalove'), ('abbalove ministries', 'abbalove'), ('advent', 'gmahk'), ('bethany', 'bethany'), ('gabungan gereja baptis indonesia', 'ggbi'),
  ('gbi', 'gbi'), ('gbis', 'gbis'), ('gbkp', 'gbkp'), ('gereja advent', 'gmahk'), ('gereja batak karo protestan', 'gbkp'),
  ('gereja bethany', 'bethany'), ('gereja bethany indonesia', 'bethany'), ('gereja bethel indonesia', 'gbi'), ('gereja bethel injil sepenuh', 'gbis'), ('gereja kalimantan evangelis', 'gke'),
  ('gereja kemah injili indonesia', 'gkii'), ('gereja kristen indonesia', 'gki'), ('gereja kristen injili di tanah papua', 'gki-tanah-papua'), ('gereja kristen jawa', 'gkj'), ('gereja kristen jawi wetan', 'gkjw'),
  ('gereja kristen pasundan', 'gkp'), ('gereja kristen protestan indonesia', 'gkpi'), ('gereja kristen protestan simalungun', 'gkps'), ('gereja kristen sulawesi tengah', 'gkst'), ('gereja kristen sumba', 'gks'),
  ('gereja kristus yesus', 'gky'), ('gereja masehi advent', 'gmahk'), ('gereja masehi advent hari ketujuh', 'gmahk'), ('gereja masehi injili di halmahera', 'gmih'), ('gereja masehi injili di minahasa', 'gmim'),
  ('gereja masehi injili di timor', 'gmit'), ('gereja masehi injili sangihe talaud', 'gmist'), ('gereja mawar sharon', 'gms'), ('gereja methodist indonesia', 'gmi'), ('gereja orthodox', 'gereja-orthodox-indonesia'),
  ('gereja orthodox indonesia', 'gereja-orthodox-indonesia'), ('gereja pantekosta di indonesia', 'gpdi'), ('gereja pentakosta di indonesia', 'gpdi'), ('gereja protestan di indonesia bagian barat', 'gpib'), ('gereja protestan maluku', 'gpm'),
  ('gereja reformed injili indonesia', 'grii'), ('gereja sidang jemaat allah', 'gsja'), ('gereja tiberias', 'tiberias'), ('gereja tiberias indonesia', 'tiberias'), ('gereja toraja', 'gereja-toraja'),
  ('gereja toraja mamasa', 'gereja-toraja-mamasa'), ('ggbi', 'ggbi'), ('gke', 'gke'), ('gki', 'gki'), ('gki tanah papua', 'gki-tanah-papua'),
  ('gki-tp', 'gki-tanah-papua'), ('gkii', 'gkii'), ('gkj', 'gkj'), ('gkjw', 'gkjw'), ('gkp', 'gkp'),
  ('gkpi', 'gkpi'), ('gkps', 'gkps'), ('gks', 'gks'), ('gkst', 'gkst'), ('gky', 'gky'),
  ('gmahk', 'gmahk'), ('gmi', 'gmi'), ('gmih', 'gmih'), ('gmim', 'gmim'), ('gmist', 'gmist'),
  ('gmit', 'gmit'), ('gms', 'gms'), ('gpdi', 'gpdi'), ('gpib', 'gpib'), ('gpm', 'gpm'),
  ('grii', 'grii'), ('gsja', 'gsja'), ('gti', 'tiberias'), ('gtm', 'gereja-toraja-mamasa'), ('hkbp', 'hkbp'),
  ('hki', 'hki'), ('huria kristen batak protestan', 'hkbp'), ('huria kristen indonesia', 'hki'), ('jemaat kristen indonesia', 'jki'), ('jki', 'jki'),
  ('kaj', 'ka-jakarta'), ('kam', 'ka-medan'), ('kas', 'ka-semarang'), ('kerapatan gereja baptis indonesia', 'kgbi'), ('kerapatan gereja protestan minahasa', 'kgpm'),
  ('kerapatan injil bangsa indonesia', 'kibaid'), ('keuskupan agats', 'k-agats'), ('keuskupan agung ende', 'ka-ende'), ('keuskupan agung jakarta', 'ka-jakarta'), ('keuskupan agung kupang', 'ka-kupang'),
  ('keuskupan agung makassar', 'ka-makassar'), ('keuskupan agung medan', 'ka-medan'), ('keuskupan agung merauke', 'ka-merauke'), ('keuskupan agung palembang', 'ka-palembang'), ('keuskupan agung pontianak', 'ka-pontianak'),
  ('keuskupan agung samarinda', 'ka-samarinda'), ('keuskupan agung semarang', 'ka-semarang'), ('keuskupan amboina', 'k-amboina'), ('keuskupan atambua', 'k-atambua'), ('keuskupan bandung', 'k-bandung'),
  ('keuskupan banjarmasin', 'k-banjarmasin'), ('keuskupan bogor', 'k-bogor'), ('keuskupan denpasar', 'k-denpasar'), ('keuskupan jayapura', 'k-jayapura'), ('keuskupan ketapang', 'k-ketapang'),
  ('keuskupan labuan bajo', 'k-labuan-bajo'), ('keuskupan larantuka', 'k-larantuka'), ('keuskupan malang', 'k-malang'), ('keuskupan manado', 'k-manado'), ('keuskupan manokwari-sorong', 'k-manokwari-sorong'),
  ('keuskupan maumere', 'k-maumere'), ('keuskupan padang', 'k-padang'), ('keuskupan palangka raya', 'k-palangkaraya'), ('keuskupan pangkalpinang', 'k-pangkalpinang'), ('keuskupan purwokerto', 'k-purwokerto'),
  ('keuskupan ruteng', 'k-ruteng'), ('keuskupan sanggau', 'k-sanggau'), ('keuskupan sibolga', 'k-sibolga'), ('keuskupan sintang', 'k-sintang'), ('keuskupan surabaya', 'k-surabaya'),
  ('keuskupan tanjung selor', 'k-tanjung-selor'), ('keuskupan tanjungkarang', 'k-tanjungkarang'), ('keuskupan timika', 'k-timika'), ('keuskupan weetebula', 'k-weetebula'), ('kgbi', 'kgbi'),
  ('kgpm', 'kgpm'), ('kibaid', 'kibaid'), ('mawar sharon', 'gms'), ('ordinariat militer indonesia', 'ordinariat-militer'), ('tiberias', 'tiberias');--> statement-breakpoint
-- Every stored denomination becomes a family key; anything not in the old list becomes other.
UPDATE `profiles` SET `denomination` = coalesce((SELECT `key` FROM `_m0020_denominations` WHERE `old` = lower(trim(`profiles`.`denomination`))), 'other')
  WHERE `denomination` NOT IN ('catholic', 'protestant', 'pentecostal', 'charismatic', 'evangelical', 'baptist', 'adventist', 'methodist', 'reformed', 'orthodox', 'other');--> statement-breakpoint
-- Discover's denomination filters likewise, each key once, in the order chosen.
UPDATE `profiles` SET `filter_denominations` = (
    SELECT json_group_array(`k`) FROM (
      SELECT coalesce(d.`key`, 'other') AS `k` FROM json_each(`profiles`.`filter_denominations`) j
        LEFT JOIN `_m0020_denominations` d ON d.`old` = lower(trim(j.`value`))
      GROUP BY `k` ORDER BY min(j.`key`)))
  WHERE json_valid(`filter_denominations`) AND json_type(`filter_denominations`) = 'array' AND `filter_denominations` <> '[]';--> statement-breakpoint
-- Onboarding in progress keeps its chosen denomination, as a key.
UPDATE `profile_drafts` SET `values` = json_set(`values`, '$.denomination',
    coalesce((SELECT `key` FROM `_m0020_denominations` WHERE `old` = lower(trim(json_extract(`profile_drafts`.`values`, '$.denomination')))), 'other'))
  WHERE json_valid(`values`) AND json_type(`values`, '$.denomination') = 'text' AND trim(json_extract(`values`, '$.denomination')) <> ''
    AND json_extract(`values`, '$.denomination') NOT IN ('catholic', 'protestant', 'pentecostal', 'charismatic', 'evangelical', 'baptist', 'adventist', 'methodist', 'reformed', 'orthodox', 'other');--> statement-breakpoint
-- A church name that is a directory church's name or abbreviation, alone or followed by the
-- congregation ("HKBP Medan", "GBI Rayon 3"), gets that church's id (the longest match); the name stays as written.
UPDATE `profiles` SET `church_id` = (
    SELECT c.`church_id` FROM `_m0020_churches` c
    WHERE lower(trim(`profiles`.`church_name`)) = c.`prefix` OR lower(trim(`profiles`.`church_name`)) LIKE c.`prefix` || ' %'
    ORDER BY length(c.`prefix`) DESC LIMIT 1);--> statement-breakpoint
-- Free-text interests that are not on the list move to the end of "about me" (bio), as written.
UPDATE `profiles` SET `bio` = (CASE WHEN trim(`bio`) = '' THEN '' ELSE `bio` || char(10) || char(10) END) || (
    SELECT group_concat(`v`, ', ') FROM (
      SELECT trim(j.`value`) AS `v` FROM json_each(`profiles`.`interests`) j
      WHERE j.`type` = 'text' AND trim(j.`value`) <> '' AND lower(trim(j.`value`)) NOT IN (SELECT `alias` FROM `_m0020_interests`)
      ORDER BY j.`key`))
  WHERE json_valid(`interests`) AND json_type(`interests`) = 'array' AND EXISTS (
    SELECT 1 FROM json_each(`profiles`.`interests`) j
    WHERE j.`type` = 'text' AND trim(j.`value`) <> '' AND lower(trim(j.`value`)) NOT IN (SELECT `alias` FROM `_m0020_interests`));--> statement-breakpoint
-- Known ones become keys: each once, in the member's order, at most 10.
UPDATE `profiles` SET `interests` = (
    SELECT json_group_array(`k`) FROM (
      SELECT i.`key` AS `k` FROM json_each(`profiles`.`interests`) j JOIN `_m0020_interests` i ON i.`alias` = lower(trim(j.`value`))
      WHERE j.`type` = 'text' GROUP BY i.`key` ORDER BY min(j.`key`) LIMIT 10))
  WHERE json_valid(`interests`) AND json_type(`interests`) = 'array';--> statement-breakpoint
DROP TABLE `_m0020_denominations`;--> statement-breakpoint
DROP TABLE `_m0020_interests`;--> statement-breakpoint
DROP TABLE `_m0020_churches`;

/**
 * The fixed list of interests (MATCHING.md 'Interests'): a profile stores keys, screens show the
 * names in the viewer's language. No server imports: islands import this file.
 *
 * `aliases` are other names people wrote when interests were free text; with the en and id names
 * they are what migration 0020 maps to keys (db/migrations/0020_*.sql holds the same table; a test
 * keeps the two equal) and what the API accepts in place of a key (docs/decisions/0132).
 */
export const INTEREST_GROUPS = ["faith", "arts", "sports", "life"] as const;
export type InterestGroup = (typeof INTEREST_GROUPS)[number];

export interface Interest {
  key: string;
  en: string;
  id: string;
  /** Where the picker shows it. */
  group: InterestGroup;
  aliases?: readonly string[];
}

export const INTERESTS: readonly Interest[] = [
  // Faith and church life
  { key: "worship-team", en: "Worship team", id: "Tim pujian", group: "faith", aliases: ["Worship ministry", "Pelayanan musik"] },
  { key: "worship-music", en: "Worship music", id: "Musik worship", group: "faith", aliases: ["Lagu rohani"] },
  { key: "choir", en: "Choir", id: "Paduan suara", group: "faith", aliases: ["Koor"] },
  { key: "youth-ministry", en: "Youth ministry", id: "Pelayanan pemuda", group: "faith", aliases: ["Pemuda gereja"] },
  { key: "sunday-school", en: "Sunday school", id: "Sekolah Minggu", group: "faith", aliases: ["Sunday school teaching", "Mengajar sekolah Minggu"] },
  { key: "missions", en: "Missions", id: "Misi", group: "faith", aliases: ["Mission trips", "Misi penginjilan"] },
  { key: "evangelism", en: "Evangelism", id: "Penginjilan", group: "faith" },
  { key: "bible-study", en: "Bible study", id: "Pendalaman Alkitab", group: "faith", aliases: ["PA", "Baca Alkitab"] },
  { key: "prayer", en: "Prayer", id: "Doa", group: "faith", aliases: ["Prayer meetings", "Persekutuan doa"] },
  { key: "small-group", en: "Small group", id: "Kelompok sel", group: "faith", aliases: ["Cell group", "Komsel"] },
  { key: "volunteering", en: "Volunteering", id: "Pelayanan sosial", group: "faith", aliases: ["Kegiatan sosial", "Relawan", "Diakonia"] },
  { key: "church-multimedia", en: "Church multimedia", id: "Multimedia gereja", group: "faith", aliases: ["Multimedia team", "Tim multimedia"] },
  { key: "theology", en: "Theology", id: "Teologi", group: "faith" },
  // Music and the arts
  { key: "music", en: "Music", id: "Musik", group: "arts" },
  { key: "singing", en: "Singing", id: "Menyanyi", group: "arts", aliases: ["Nyanyi"] },
  { key: "guitar", en: "Guitar", id: "Main gitar", group: "arts", aliases: ["Gitar"] },
  { key: "piano", en: "Piano", id: "Main piano", group: "arts", aliases: ["Keyboard"] },
  { key: "traditional-music", en: "Traditional music", id: "Musik daerah", group: "arts" },
  { key: "concerts", en: "Concerts", id: "Nonton konser", group: "arts", aliases: ["Konser"] },
  { key: "karaoke", en: "Karaoke", id: "Karaoke", group: "arts" },
  { key: "dancing", en: "Dancing", id: "Menari", group: "arts", aliases: ["Dance"] },
  { key: "art", en: "Art and drawing", id: "Seni dan menggambar", group: "arts", aliases: ["Art", "Drawing", "Menggambar", "Melukis", "Painting"] },
  { key: "crafts", en: "Crafts", id: "Kerajinan tangan", group: "arts", aliases: ["DIY"] },
  { key: "photography", en: "Photography", id: "Fotografi", group: "arts" },
  { key: "writing", en: "Writing", id: "Menulis", group: "arts" },
  { key: "reading", en: "Reading", id: "Membaca", group: "arts", aliases: ["Books", "Baca buku"] },
  { key: "movies", en: "Movies", id: "Nonton film", group: "arts", aliases: ["Film", "Films"] },
  { key: "series", en: "Series and dramas", id: "Nonton serial", group: "arts", aliases: ["Drakor", "K-drama", "TV series"] },
  { key: "podcasts", en: "Podcasts", id: "Podcast", group: "arts" },
  // Sports and the outdoors
  { key: "sports", en: "Sports", id: "Olahraga", group: "sports" },
  { key: "football", en: "Football", id: "Sepak bola", group: "sports", aliases: ["Soccer"] },
  { key: "futsal", en: "Futsal", id: "Futsal", group: "sports" },
  { key: "badminton", en: "Badminton", id: "Bulu tangkis", group: "sports" },
  { key: "basketball", en: "Basketball", id: "Basket", group: "sports", aliases: ["Bola basket"] },
  { key: "volleyball", en: "Volleyball", id: "Voli", group: "sports", aliases: ["Bola voli"] },
  { key: "tennis", en: "Tennis", id: "Tenis", group: "sports" },
  { key: "table-tennis", en: "Table tennis", id: "Tenis meja", group: "sports", aliases: ["Pingpong", "Ping pong"] },
  { key: "swimming", en: "Swimming", id: "Berenang", group: "sports", aliases: ["Renang"] },
  { key: "running", en: "Running", id: "Lari", group: "sports", aliases: ["Lari pagi", "Jogging"] },
  { key: "cycling", en: "Cycling", id: "Bersepeda", group: "sports", aliases: ["Gowes", "Sepeda"] },
  { key: "gym", en: "Gym and fitness", id: "Gym dan kebugaran", group: "sports", aliases: ["Gym", "Fitness", "Nge-gym"] },
  { key: "martial-arts", en: "Martial arts", id: "Bela diri", group: "sports" },
  { key: "hiking", en: "Hiking", id: "Naik gunung", group: "sports", aliases: ["Mendaki gunung", "Trekking"] },
  { key: "camping", en: "Camping", id: "Berkemah", group: "sports", aliases: ["Kemah"] },
  { key: "beach", en: "Beach", id: "Pantai", group: "sports", aliases: ["Ke pantai"] },
  { key: "diving", en: "Diving and snorkelling", id: "Diving dan snorkeling", group: "sports", aliases: ["Diving", "Snorkeling", "Snorkelling", "Menyelam"] },
  { key: "fishing", en: "Fishing", id: "Mancing", group: "sports", aliases: ["Memancing"] },
  { key: "nature", en: "Nature", id: "Alam terbuka", group: "sports", aliases: ["Alam"] },
  // Food, home and everyday life
  { key: "cooking", en: "Cooking", id: "Masak", group: "life", aliases: ["Memasak"] },
  { key: "baking", en: "Baking", id: "Bikin kue", group: "life", aliases: ["Membuat kue"] },
  { key: "culinary", en: "Culinary hunting", id: "Wisata kuliner", group: "life", aliases: ["Kuliner", "Food hunting", "Foodie"] },
  { key: "coffee", en: "Coffee", id: "Ngopi", group: "life", aliases: ["Kopi"] },
  { key: "travel", en: "Travel", id: "Jalan-jalan", group: "life", aliases: ["Travelling", "Traveling", "Traveller", "Wisata"] },
  { key: "gardening", en: "Gardening", id: "Berkebun", group: "life", aliases: ["Tanaman"] },
  { key: "pets", en: "Pets", id: "Hewan peliharaan", group: "life", aliases: ["Dogs", "Cats", "Kucing", "Anjing"] },
  { key: "family-time", en: "Family time", id: "Waktu bersama keluarga", group: "life", aliases: ["Family", "Keluarga"] },
  { key: "board-games", en: "Board games", id: "Board game", group: "life", aliases: ["Permainan papan"] },
  { key: "gaming", en: "Video games", id: "Main game", group: "life", aliases: ["Gaming", "Games", "Game"] },
  { key: "chess", en: "Chess", id: "Catur", group: "life" },
  { key: "technology", en: "Technology", id: "Teknologi", group: "life", aliases: ["Tech", "Coding", "Gadget"] },
  { key: "languages", en: "Learning languages", id: "Belajar bahasa", group: "life", aliases: ["Languages", "Bahasa asing"] },
  { key: "history", en: "History", id: "Sejarah", group: "life" },
  { key: "fashion", en: "Fashion", id: "Fesyen", group: "life", aliases: ["Mode"] },
  { key: "entrepreneurship", en: "Entrepreneurship", id: "Wirausaha", group: "life", aliases: ["Bisnis", "Business"] },
  { key: "motorbike-touring", en: "Motorbike touring", id: "Touring motor", group: "life", aliases: ["Touring"] },
];

export const INTEREST_KEYS: readonly string[] = INTERESTS.map((interest) => interest.key);

/** Names compare trimmed, spaces collapsed and case ignored (MATCHING.md: "any case"). */
export function interestLookupForm(text: string): string {
  return text.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

const BY_NAME = new Map<string, string>();
for (const interest of INTERESTS) {
  for (const name of [interest.key, interest.en, interest.id, ...(interest.aliases ?? [])]) {
    const form = interestLookupForm(name);
    const known = BY_NAME.get(form);
    if (known !== undefined && known !== interest.key) throw new Error(`interest name "${name}" belongs to ${known} and ${interest.key}`);
    BY_NAME.set(form, interest.key);
  }
}

/** A key, or an interest's name in either language or an alias, as its key; undefined when unknown. */
export function interestKeyOf(value: string): string | undefined {
  return BY_NAME.get(interestLookupForm(value));
}

/** Every lower-cased name → key pair the migration's table holds (keys included). */
export function interestAliasPairs(): [string, string][] {
  return [...BY_NAME.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Built once: every card names its interests (card-faith.ts, profile-json.ts). */
const BY_KEY = new Map(INTERESTS.map((interest) => [interest.key, interest]));

export function interestName(key: string, language: "en" | "id"): string {
  const interest = BY_KEY.get(key);
  return interest === undefined ? key : interest[language];
}

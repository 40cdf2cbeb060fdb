/**
 * The fixed list of interests (MATCHING.md 'Interests'): a profile stores keys, screens show the
 * names in the viewer's language. No server imports: islands import this file.
 *
 * `aliases` are other names people wrote when interests were free text; with the en and id names
 * they are what migration 0020 maps to keys (db/migrations/0020_*.sql holds the same table; a test
 * keeps the two equal) and what the API accepts in place of a key (docs/decisions/0132).
 */
export interface Interest {
  key: string;
  en: string;
  id: string;
  aliases?: readonly string[];
}

export const INTERESTS: readonly Interest[] = [
  // Faith and church life
  { key: "worship-team", en: "Worship team", id: "Tim pujian", aliases: ["Worship ministry", "Pelayanan musik"] },
  { key: "worship-music", en: "Worship music", id: "Musik worship", aliases: ["Lagu rohani"] },
  { key: "choir", en: "Choir", id: "Paduan suara", aliases: ["Koor"] },
  { key: "youth-ministry", en: "Youth ministry", id: "Pelayanan pemuda", aliases: ["Pemuda gereja"] },
  { key: "sunday-school", en: "Sunday school", id: "Sekolah Minggu", aliases: ["Sunday school teaching", "Mengajar sekolah Minggu"] },
  { key: "missions", en: "Missions", id: "Misi", aliases: ["Mission trips", "Misi penginjilan"] },
  { key: "evangelism", en: "Evangelism", id: "Penginjilan" },
  { key: "bible-study", en: "Bible study", id: "Pendalaman Alkitab", aliases: ["PA", "Baca Alkitab"] },
  { key: "prayer", en: "Prayer", id: "Doa", aliases: ["Prayer meetings", "Persekutuan doa"] },
  { key: "small-group", en: "Small group", id: "Kelompok sel", aliases: ["Cell group", "Komsel"] },
  { key: "volunteering", en: "Volunteering", id: "Pelayanan sosial", aliases: ["Kegiatan sosial", "Relawan", "Diakonia"] },
  { key: "church-multimedia", en: "Church multimedia", id: "Multimedia gereja", aliases: ["Multimedia team", "Tim multimedia"] },
  { key: "theology", en: "Theology", id: "Teologi" },
  // Music and the arts
  { key: "music", en: "Music", id: "Musik" },
  { key: "singing", en: "Singing", id: "Menyanyi", aliases: ["Nyanyi"] },
  { key: "guitar", en: "Guitar", id: "Main gitar", aliases: ["Gitar"] },
  { key: "piano", en: "Piano", id: "Main piano", aliases: ["Keyboard"] },
  { key: "traditional-music", en: "Traditional music", id: "Musik daerah" },
  { key: "concerts", en: "Concerts", id: "Nonton konser", aliases: ["Konser"] },
  { key: "karaoke", en: "Karaoke", id: "Karaoke" },
  { key: "dancing", en: "Dancing", id: "Menari", aliases: ["Dance"] },
  { key: "art", en: "Art and drawing", id: "Seni dan menggambar", aliases: ["Art", "Drawing", "Menggambar", "Melukis", "Painting"] },
  { key: "crafts", en: "Crafts", id: "Kerajinan tangan", aliases: ["DIY"] },
  { key: "photography", en: "Photography", id: "Fotografi" },
  { key: "writing", en: "Writing", id: "Menulis" },
  { key: "reading", en: "Reading", id: "Membaca", aliases: ["Books", "Baca buku"] },
  { key: "movies", en: "Movies", id: "Nonton film", aliases: ["Film", "Films"] },
  { key: "series", en: "Series and dramas", id: "Nonton serial", aliases: ["Drakor", "K-drama", "TV series"] },
  { key: "podcasts", en: "Podcasts", id: "Podcast" },
  // Sports and the outdoors
  { key: "sports", en: "Sports", id: "Olahraga" },
  { key: "football", en: "Football", id: "Sepak bola", aliases: ["Soccer"] },
  { key: "futsal", en: "Futsal", id: "Futsal" },
  { key: "badminton", en: "Badminton", id: "Bulu tangkis" },
  { key: "basketball", en: "Basketball", id: "Basket", aliases: ["Bola basket"] },
  { key: "volleyball", en: "Volleyball", id: "Voli", aliases: ["Bola voli"] },
  { key: "tennis", en: "Tennis", id: "Tenis" },
  { key: "table-tennis", en: "Table tennis", id: "Tenis meja", aliases: ["Pingpong", "Ping pong"] },
  { key: "swimming", en: "Swimming", id: "Berenang", aliases: ["Renang"] },
  { key: "running", en: "Running", id: "Lari", aliases: ["Lari pagi", "Jogging"] },
  { key: "cycling", en: "Cycling", id: "Bersepeda", aliases: ["Gowes", "Sepeda"] },
  { key: "gym", en: "Gym and fitness", id: "Gym dan kebugaran", aliases: ["Gym", "Fitness", "Nge-gym"] },
  { key: "martial-arts", en: "Martial arts", id: "Bela diri" },
  { key: "hiking", en: "Hiking", id: "Naik gunung", aliases: ["Mendaki gunung", "Trekking"] },
  { key: "camping", en: "Camping", id: "Berkemah", aliases: ["Kemah"] },
  { key: "beach", en: "Beach", id: "Pantai", aliases: ["Ke pantai"] },
  { key: "diving", en: "Diving and snorkelling", id: "Diving dan snorkeling", aliases: ["Diving", "Snorkeling", "Snorkelling", "Menyelam"] },
  { key: "fishing", en: "Fishing", id: "Mancing", aliases: ["Memancing"] },
  { key: "nature", en: "Nature", id: "Alam terbuka", aliases: ["Alam"] },
  // Food, home and everyday life
  { key: "cooking", en: "Cooking", id: "Masak", aliases: ["Memasak"] },
  { key: "baking", en: "Baking", id: "Bikin kue", aliases: ["Membuat kue"] },
  { key: "culinary", en: "Culinary hunting", id: "Wisata kuliner", aliases: ["Kuliner", "Food hunting", "Foodie"] },
  { key: "coffee", en: "Coffee", id: "Ngopi", aliases: ["Kopi"] },
  { key: "travel", en: "Travel", id: "Jalan-jalan", aliases: ["Travelling", "Traveling", "Traveller", "Wisata"] },
  { key: "gardening", en: "Gardening", id: "Berkebun", aliases: ["Tanaman"] },
  { key: "pets", en: "Pets", id: "Hewan peliharaan", aliases: ["Dogs", "Cats", "Kucing", "Anjing"] },
  { key: "family-time", en: "Family time", id: "Waktu bersama keluarga", aliases: ["Family", "Keluarga"] },
  { key: "board-games", en: "Board games", id: "Board game", aliases: ["Permainan papan"] },
  { key: "gaming", en: "Video games", id: "Main game", aliases: ["Gaming", "Games", "Game"] },
  { key: "chess", en: "Chess", id: "Catur" },
  { key: "technology", en: "Technology", id: "Teknologi", aliases: ["Tech", "Coding", "Gadget"] },
  { key: "languages", en: "Learning languages", id: "Belajar bahasa", aliases: ["Languages", "Bahasa asing"] },
  { key: "history", en: "History", id: "Sejarah" },
  { key: "fashion", en: "Fashion", id: "Fesyen", aliases: ["Mode"] },
  { key: "entrepreneurship", en: "Entrepreneurship", id: "Wirausaha", aliases: ["Bisnis", "Business"] },
  { key: "motorbike-touring", en: "Motorbike touring", id: "Touring motor", aliases: ["Touring"] },
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

export function interestName(key: string, language: "en" | "id"): string {
  const interest = INTERESTS.find((candidate) => candidate.key === key);
  return interest === undefined ? key : interest[language];
}

/** Prompt answers for demo people (src/features/profile/prompts.ts), written in each person's language. */
import type { PromptId } from "../../src/features/profile/prompts";
import type { Random } from "./random";

type Language = "en" | "id";

const ANSWERS: Record<PromptId, Record<Language, string[]>> = {
  favouriteVerse: { en: ["Micah 6:8: do justice, love mercy, walk humbly.", "Psalm 46:10. Be still, and know."], id: ["Mikha 6:8: berlaku adil, mencintai kesetiaan, hidup rendah hati.", "Mazmur 46:11. Diamlah dan ketahuilah."] },
  sundayLooksLike: { en: ["Morning service, then a long lunch with friends from church.", "Serving at the kids' class, then a nap I am not ashamed of."], id: ["Ibadah pagi, lalu makan siang lama bareng teman gereja.", "Melayani sekolah Minggu, lalu tidur siang tanpa rasa bersalah."] },
  lookingFor: { en: ["prays first and laughs often.", "wants a home where faith is lived, not just talked about."], id: ["berdoa dulu dan gampang tertawa.", "mau membangun rumah tangga yang imannya dihidupi, bukan cuma dibicarakan."] },
  worshipSong: { en: ["Goodness of God, on every drive home.", "Way Maker. Still gives me chills."], id: ["Goodness of God, tiap perjalanan pulang.", "Way Maker. Masih bikin merinding."] },
  prayingFor: { en: ["Patience, mostly in Jakarta traffic.", "My parents' health and a heart that listens."], id: ["Kesabaran, terutama di kemacetan Jakarta.", "Kesehatan orang tuaku dan hati yang mau mendengar."] },
  faithGrew: { en: ["A mission trip to Sumba changed how I see everything.", "The year I lost my job and God still provided."], id: ["Pelayanan misi ke Sumba mengubah cara pandangku.", "Tahun aku kehilangan pekerjaan, tapi Tuhan tetap mencukupkan."] },
  serving: { en: ["Behind the sound desk, every second Sunday.", "At the youth fellowship on Friday nights."], id: ["Di meja sound, tiap Minggu kedua.", "Di persekutuan pemuda setiap Jumat malam."] },
  firstDate: { en: ["Coffee and a walk, then dinner if we are still talking.", "Street food and an honest conversation."], id: ["Ngopi sambil jalan, lanjut makan malam kalau obrolannya nyambung.", "Jajan kaki lima dan ngobrol jujur."] },
  familyMeans: { en: ["Sunday lunches that last until dinner.", "Showing up, especially when it is hard."], id: ["Makan siang hari Minggu yang baru selesai pas makan malam.", "Selalu hadir, apalagi saat sedang sulit."] },
  greenFlag: { en: ["Kind to waiters and honest about their faith.", "Keeps their word in small things."], id: ["Ramah ke pelayan dan jujur soal imannya.", "Menepati janji, bahkan untuk hal kecil."] },
  weekend: { en: ["Choir practice, a hike, and cooking for my family.", "Badminton on Saturday, church on Sunday."], id: ["Latihan paduan suara, naik gunung, lalu masak buat keluarga.", "Badminton hari Sabtu, gereja hari Minggu."] },
  together: { en: ["serve at a church camp and pray for the kids.", "try every soto in town."], id: ["melayani di retret gereja dan mendoakan anak-anak.", "mencoba semua soto di kota ini."] },
};

/** Up to three answered prompts, or none (about a third of people skip them; the demo accounts never do). */
export function demoPrompts(random: Random, language: Language, always = false): { id: PromptId; answer: string }[] {
  if (random.chance(0.3) && !always) return [];
  const ids = Object.keys(ANSWERS) as PromptId[];
  const chosen: PromptId[] = [];
  const count = 1 + Math.floor(random.float(0, 3));
  while (chosen.length < Math.min(count, 3)) {
    const id = random.pick(ids);
    if (!chosen.includes(id)) chosen.push(id);
  }
  return chosen.map((id) => ({ id, answer: random.pick(ANSWERS[id][language]) }));
}

/** A birth date that makes `age` on `today` ("YYYY-MM-DD", Jakarta): the birthday lies 1–364 days back. */
export function demoBirthDate(random: Random, age: number, today: string): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const daysBack = 1 + Math.floor(random.float(0, 363));
  return new Date(Date.UTC(year - age, month - 1, day - daysBack)).toISOString().slice(0, 10);
}

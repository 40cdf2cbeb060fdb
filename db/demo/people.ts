/**
 * Believable Indonesian Christian singles for the demo set: names, home towns, churches and
 * texts drawn from the communities where most Indonesian Christians come from (Batak, Minahasa,
 * Toraja, Maluku, Flores and Timor, Papua, Javanese and Chinese-Indonesian congregations), many of
 * them living in Greater Jakarta as in real life. Everything comes from a seeded generator.
 */
import { findCity, type City } from "../../src/features/profile/cities";
import { churchById, churchIdFromName } from "../../src/features/churches/church-directory";
import { denominationKeyOf, type DenominationKey } from "../../src/features/profile/denominations";
import { interestKeyOf } from "../../src/features/profile/interests";
import { randomLook, type PortraitLook } from "./portrait";
import type { Random } from "./random";

export type Gender = "male" | "female";
export type Language = "en" | "id";

/**
 * The templates below name denominations as spec point 5 listed them; a person's profile gets the
 * family key (docs/decisions/0132): the directory church's family when the church is in the
 * directory, else the old value's family.
 */
export const DENOMINATIONS = ["Catholic", "Protestant", "Orthodox", "Baptist", "Methodist", "Presbyterian", "Pentecostal", "Lutheran", "Anglican", "Other"] as const;
export type Denomination = (typeof DENOMINATIONS)[number];

/** The Catholic diocese of the demo's home towns: a parish's church in the directory. */
const DIOCESE_OF_CITY: Record<string, string> = {
  medan: "ka-medan", pematangsiantar: "ka-medan", tarutung: "ka-medan", balige: "ka-medan", sibolga: "k-sibolga",
  batam: "k-pangkalpinang", pekanbaru: "k-padang", bandung: "k-bandung",
  jakarta: "ka-jakarta", tangerang: "ka-jakarta", "tangerang-selatan": "ka-jakarta", bekasi: "ka-jakarta", depok: "k-bogor", bogor: "k-bogor",
  manado: "k-manado", tomohon: "k-manado", tondano: "k-manado", bitung: "k-manado", palu: "k-manado",
  makassar: "ka-makassar", rantepao: "ka-makassar", makale: "ka-makassar", kendari: "ka-makassar",
  balikpapan: "ka-samarinda", samarinda: "ka-samarinda", pontianak: "ka-pontianak",
  surabaya: "k-surabaya", madiun: "k-surabaya", kediri: "k-surabaya", malang: "k-malang",
  semarang: "ka-semarang", salatiga: "ka-semarang", magelang: "ka-semarang", yogyakarta: "ka-semarang", surakarta: "ka-semarang", purwokerto: "k-purwokerto",
  ambon: "k-amboina", tobelo: "k-amboina", ternate: "k-amboina",
  kupang: "ka-kupang", atambua: "k-atambua", waingapu: "k-weetebula", ende: "ka-ende", maumere: "k-maumere", "labuan-bajo": "k-labuan-bajo", denpasar: "k-denpasar",
  jayapura: "k-jayapura", wamena: "k-jayapura", biak: "k-jayapura", merauke: "ka-merauke", timika: "k-timika", nabire: "k-timika", manokwari: "k-manokwari-sorong", sorong: "k-manokwari-sorong",
};

/** A person's church and denomination as a profile stores them now: the directory id and the family key. */
export function faithOf(churchName: string, denomination: string, cityId: string): { churchId: string | null; denomination: DenominationKey } {
  const named = churchIdFromName(churchName);
  const churchId = named ?? (denominationKeyOf(denomination) === "catholic" ? (DIOCESE_OF_CITY[cityId] ?? null) : null);
  const church = churchId === null ? undefined : churchById(churchId);
  return { churchId, denomination: church?.family ?? denominationKeyOf(denomination) ?? "other" };
}
/** The registration screen's options (spec point 5). */
export const FAITH_DURATIONS = ["Less than 1 year", "1-5 years", "5-10 years", "10+ years", "Born into faith"] as const;
export const RELATIONSHIP_GOALS = ["marriage", "serious-relationship", "friendship", "fellowship"] as const;

/**
 * A church template; "{city}" becomes the person's city name. Regional synods (GMIM, GPM, GMIT…)
 * are "local": only offered in the community's home region, not to people living elsewhere.
 */
type Church = readonly [name: string, denomination: Denomination, weight: number, local?: "local"];

interface Community {
  key: string;
  weight: number;
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
  /** Home towns with weights; Greater Jakarta is included where the diaspora is large. */
  cities: readonly (readonly [string, number])[];
  /** The community's own region, where its local churches are. */
  homeRegion: readonly string[];
  churches: readonly Church[];
  universities: readonly string[];
  /** Index range into the portrait skin tones. */
  skin: [number, number];
  curlyHair?: number;
}

const JABODETABEK: readonly (readonly [string, number])[] = [
  ["jakarta", 10],
  ["tangerang", 2],
  ["tangerang-selatan", 2],
  ["bekasi", 3],
  ["depok", 2],
  ["bogor", 2],
];

const NATIONAL_CHURCHES: readonly Church[] = [
  ["GBI {city}", "Pentecostal", 2],
  ["Gereja Bethany Indonesia {city}", "Pentecostal", 1],
  ["GPIB Jemaat Immanuel {city}", "Protestant", 2],
  ["Paroki Santa Maria {city}", "Catholic", 2],
];

const COMMUNITIES: readonly Community[] = [
  {
    key: "batak",
    homeRegion: ["medan", "pematangsiantar", "tarutung", "balige", "sibolga"],
    weight: 22,
    male: ["Daniel", "Yosua", "Hotman", "Parlindungan", "Samuel", "Togar", "Binsar", "Martua", "Jonathan", "Rikardo", "Hendrik", "Benny", "Immanuel", "Partogi", "Ronald"],
    female: ["Rut", "Debora", "Lasma", "Romauli", "Tiurma", "Sarah", "Monika", "Rosdiana", "Novita", "Yohana", "Lestari", "Ester", "Friska", "Dameria", "Elisabeth"],
    surnames: ["Simanjuntak", "Siregar", "Nainggolan", "Sitompul", "Hutapea", "Situmorang", "Simatupang", "Pardede", "Sinaga", "Tambunan", "Manurung", "Lumbantobing", "Hutagalung", "Silalahi", "Panjaitan", "Napitupulu", "Sihombing", "Pasaribu", "Ginting", "Tarigan", "Sembiring"],
    cities: [["medan", 8], ["pematangsiantar", 3], ["tarutung", 2], ["balige", 1], ["sibolga", 1], ["batam", 2], ["pekanbaru", 1], ["bandung", 1], ...JABODETABEK],
    churches: [
      ["HKBP {city}", "Lutheran", 10],
      ["GKPI Jemaat {city}", "Lutheran", 2, "local"],
      ["HKI Resort {city}", "Lutheran", 1, "local"],
      ["GBKP Runggun {city}", "Protestant", 2, "local"],
      ["Gereja Methodist Indonesia {city}", "Methodist", 2],
      ["Paroki Santo Yosef {city}", "Catholic", 3],
      ...NATIONAL_CHURCHES,
    ],
    universities: ["Universitas Sumatera Utara", "Universitas HKBP Nommensen", "Universitas Methodist Indonesia", "Institut Teknologi Del"],
    skin: [1, 5],
  },
  {
    key: "minahasa",
    homeRegion: ["manado", "tomohon", "tondano", "bitung"],
    weight: 16,
    male: ["Rendy", "Fiktor", "Stevan", "Jeremy", "Rio", "Kevin", "Christian", "Glenn", "Frangky", "Jemmy", "Vicky", "Marvel"],
    female: ["Angelica", "Meiske", "Priscilla", "Natalia", "Stella", "Grace", "Jein", "Vanessa", "Ribka", "Claudia", "Tirza", "Inggrid"],
    surnames: ["Wowor", "Lumowa", "Rumondor", "Pangemanan", "Mandagi", "Tumbelaka", "Sumampouw", "Rondonuwu", "Kaunang", "Lengkong", "Karundeng", "Sondakh", "Tambuwun", "Worang", "Mamahit", "Lontoh"],
    cities: [["manado", 8], ["tomohon", 3], ["tondano", 1], ["bitung", 2], ["makassar", 1], ["surabaya", 1], ...JABODETABEK],
    churches: [
      ["GMIM Sentrum {city}", "Protestant", 6, "local"],
      ["GMIM Bethesda {city}", "Presbyterian", 3, "local"],
      ["GPdI Elim {city}", "Pentecostal", 3],
      ["Katedral Hati Tersuci Maria {city}", "Catholic", 2, "local"],
      ["Gereja Advent {city}", "Other", 1],
      ["KGPM Sidang {city}", "Protestant", 1, "local"],
      ...NATIONAL_CHURCHES,
    ],
    universities: ["Universitas Sam Ratulangi", "Universitas Klabat", "Universitas Kristen Indonesia Tomohon", "Politeknik Negeri Manado"],
    skin: [0, 3],
  },
  {
    key: "toraja",
    homeRegion: ["rantepao", "makale", "makassar"],
    weight: 9,
    male: ["Yohanis", "Markus", "Paulus", "Agustinus", "Yulius", "Daud", "Rinto", "Alfian"],
    female: ["Marlina", "Yuliana", "Ester", "Dorkas", "Agustina", "Santi", "Febriani", "Lidia"],
    surnames: ["Tandirerung", "Pasanda", "Paembonan", "Palimbong", "Sampetoding", "Rante Allo", "Tangdilintin", "Sarungallo", "Pongtiku", "Kombong", "Tandiari"],
    cities: [["rantepao", 4], ["makale", 3], ["makassar", 4], ["palu", 1], ["kendari", 1], ["balikpapan", 1], ["samarinda", 1], ...JABODETABEK],
    churches: [
      ["Gereja Toraja Jemaat {city}", "Protestant", 8],
      ["Gereja Toraja Mamasa {city}", "Presbyterian", 1, "local"],
      ["KIBAID Jemaat {city}", "Other", 1, "local"],
      ["Paroki Santa Theresia {city}", "Catholic", 2],
      ["Gereja Pantekosta di Indonesia {city}", "Pentecostal", 1],
      ...NATIONAL_CHURCHES,
    ],
    universities: ["Universitas Hasanuddin", "Universitas Kristen Indonesia Toraja", "Universitas Atma Jaya Makassar"],
    skin: [2, 5],
  },
  {
    key: "maluku",
    homeRegion: ["ambon", "ternate", "tobelo"],
    weight: 9,
    male: ["Marthen", "Ricky", "Johannes", "Glenn", "Max", "Yopi", "Welem", "Eliezer"],
    female: ["Imelda", "Jacqueline", "Merry", "Theresia", "Nona", "Febby", "Agnes", "Mariska"],
    surnames: ["Pattinama", "Latuheru", "Wattimena", "Tuhumury", "Pattiasina", "Matulessy", "Siahaya", "Leatemia", "Sahetapy", "Tupamahu", "Nanlohy", "Lekatompessy"],
    cities: [["ambon", 8], ["ternate", 1], ["tobelo", 1], ["sorong", 1], ["surabaya", 1], ...JABODETABEK],
    churches: [
      ["GPM Jemaat Maranatha {city}", "Protestant", 6, "local"],
      ["GPM Jemaat Silo {city}", "Protestant", 2, "local"],
      ["Katedral Santo Fransiskus Xaverius {city}", "Catholic", 2, "local"],
      ["GBI Rehobot {city}", "Pentecostal", 2],
      ["GMIH Jemaat {city}", "Protestant", 1, "local"],
      ...NATIONAL_CHURCHES,
    ],
    universities: ["Universitas Pattimura", "Universitas Kristen Indonesia Maluku", "IAKN Ambon"],
    skin: [4, 7],
    curlyHair: 0.35,
  },
  {
    key: "ntt",
    homeRegion: ["kupang", "ende", "maumere", "labuan-bajo", "atambua", "waingapu"],
    weight: 11,
    male: ["Yohanes", "Petrus", "Fransiskus", "Aloysius", "Yosef", "Stefanus", "Ignasius", "Kornelis", "Servas"],
    female: ["Maria", "Theresia", "Agnes", "Veronika", "Elisabeth", "Katarina", "Florentina", "Yosefina", "Marselina"],
    surnames: ["Da Costa", "Fernandez", "Parera", "Wangge", "Lewar", "Kelen", "Soge", "Bataona", "Tukan", "Ndoen", "Manafe", "Nope", "Amalo", "Bessie", "Riwu Kaho"],
    cities: [["kupang", 6], ["ende", 3], ["maumere", 3], ["labuan-bajo", 1], ["atambua", 1], ["waingapu", 1], ["denpasar", 2], ["yogyakarta", 1], ["surabaya", 1], ...JABODETABEK],
    churches: [
      ["Paroki Santo Yosef {city}", "Catholic", 6],
      ["Katedral Kristus Raja {city}", "Catholic", 3],
      ["GMIT Jemaat Kota {city}", "Protestant", 4, "local"],
      ["GMIT Jemaat Efata {city}", "Presbyterian", 1, "local"],
      ["Gereja Kristen Sumba {city}", "Protestant", 1, "local"],
      ...NATIONAL_CHURCHES,
    ],
    universities: ["Universitas Nusa Cendana", "Universitas Katolik Widya Mandira", "Universitas Flores", "Universitas Nusa Nipa"],
    skin: [4, 8],
    curlyHair: 0.3,
  },
  {
    key: "papua",
    homeRegion: ["jayapura", "sorong", "manokwari", "merauke", "biak", "timika", "wamena", "nabire"],
    weight: 9,
    male: ["Yonas", "Natan", "Septinus", "Otniel", "Yakob", "Frans", "Obed", "Martinus"],
    female: ["Yulita", "Marince", "Selfina", "Naomi", "Rosalina", "Debora", "Yemima", "Ance"],
    surnames: ["Wenda", "Kogoya", "Wanimbo", "Rumbiak", "Mansawan", "Krey", "Rumaropen", "Ayomi", "Yoku", "Mandowen", "Kambu", "Tabuni", "Waromi", "Rumainum"],
    cities: [["jayapura", 6], ["sorong", 2], ["manokwari", 2], ["merauke", 1], ["biak", 1], ["timika", 1], ["wamena", 1], ["nabire", 1], ["yogyakarta", 1], ["manado", 1], ...JABODETABEK],
    churches: [
      ["GKI di Tanah Papua Jemaat {city}", "Protestant", 6, "local"],
      ["Gereja Injili di Indonesia {city}", "Other", 2, "local"],
      ["Gereja Baptis Papua {city}", "Baptist", 2, "local"],
      ["Katedral Kristus Raja {city}", "Catholic", 3],
      ["Gereja Kemah Injil Indonesia {city}", "Other", 1],
      ["GBI {city}", "Pentecostal", 1],
      ...NATIONAL_CHURCHES,
    ],
    universities: ["Universitas Cenderawasih", "Universitas Papua", "Universitas Kristen Duta Wacana", "Universitas Musamus"],
    skin: [6, 8],
    curlyHair: 0.85,
  },
  {
    key: "jawa",
    homeRegion: ["yogyakarta", "semarang", "surakarta", "salatiga", "malang", "surabaya", "magelang", "purwokerto", "madiun", "kediri"],
    weight: 14,
    male: ["Andreas", "Bayu", "Agus", "Dimas", "Yudha", "Adi", "Gilang", "Wahyu", "Yohanes", "Krisna", "Timotius", "Bagas"],
    female: ["Dewi", "Ayu", "Kristin", "Ratna", "Lestari", "Putri", "Wulan", "Indah", "Kartika", "Yuliana", "Sekar", "Natalia"],
    surnames: ["Santoso", "Wibowo", "Prasetyo", "Nugroho", "Kusuma", "Setiawan", "Hartono", "Susanto", "Raharjo", "Purnomo", "Sutanto", "Widodo", "Saputra"],
    cities: [["yogyakarta", 4], ["semarang", 3], ["surakarta", 3], ["salatiga", 2], ["malang", 3], ["surabaya", 3], ["magelang", 1], ["purwokerto", 1], ["madiun", 1], ["kediri", 1], ["bandung", 2], ...JABODETABEK],
    churches: [
      ["GKJ {city}", "Protestant", 5],
      ["GKJW Jemaat {city}", "Protestant", 2, "local"],
      ["Gereja Katolik Santo Antonius {city}", "Catholic", 4],
      ["GITJ {city}", "Other", 1, "local"],
      ["GBI Keluarga Allah {city}", "Pentecostal", 2],
      ["Gereja Baptis Indonesia {city}", "Baptist", 1],
      ...NATIONAL_CHURCHES,
    ],
    universities: ["Universitas Gadjah Mada", "Universitas Kristen Satya Wacana", "Universitas Kristen Duta Wacana", "Universitas Sanata Dharma", "Universitas Diponegoro", "Universitas Brawijaya"],
    skin: [1, 5],
  },
  {
    key: "tionghoa",
    homeRegion: [],
    weight: 14,
    male: ["Kevin", "Jonathan", "Michael", "Steven", "Hendra", "William", "Andrew", "Edward", "Felix", "Ryan", "Jason", "Albert"],
    female: ["Jessica", "Michelle", "Vivian", "Cynthia", "Olivia", "Felicia", "Angela", "Yenny", "Clarissa", "Gracia", "Evelyn", "Cindy"],
    surnames: ["Tanoto", "Wijaya", "Halim", "Gunawan", "Tanujaya", "Salim", "Kurniawan", "Hartanto", "Sugiarto", "Chandra", "Liem", "Tjandra", "Wongso", "Lie", "Tan"],
    cities: [["surabaya", 4], ["medan", 3], ["bandung", 2], ["semarang", 2], ["batam", 1], ["pontianak", 2], ["makassar", 1], ["malang", 1], ...JABODETABEK, ["jakarta", 6]],
    churches: [
      ["GKI {city}", "Protestant", 5],
      ["Gereja Mawar Sharon {city}", "Pentecostal", 3],
      ["GRII {city}", "Presbyterian", 3],
      ["Abbalove Ministries {city}", "Pentecostal", 2],
      ["Gereja Kristus Tuhan {city}", "Protestant", 1],
      ["Gereja Baptis Kristus {city}", "Baptist", 1],
      ["GKY {city}", "Methodist", 1],
      ["Katedral {city}", "Catholic", 2],
      ...NATIONAL_CHURCHES,
    ],
    universities: ["Universitas Kristen Petra", "Universitas Pelita Harapan", "Universitas Tarumanagara", "Universitas Bina Nusantara", "Universitas Kristen Maranatha", "Universitas Katolik Parahyangan", "Institut Teknologi Bandung"],
    skin: [0, 1],
  },
];

/** A few Jakarta congregations of the smaller traditions, so every denomination appears. */
const JAKARTA_MINORITY_CHURCHES: readonly Church[] = [
  ["All Saints Anglican Church Jakarta", "Anglican", 1],
  ["Gereja Orthodox Indonesia Paroki Santo Thomas Jakarta", "Orthodox", 1],
];

/** Occupations with the degrees people in them usually hold. */
const OCCUPATIONS: readonly (readonly [en: string, id: string, degrees: readonly (readonly [en: string, id: string])[]])[] = [
  ["Nurse", "Perawat", [["Bachelor of Nursing", "S1 Keperawatan"], ["Diploma in Nursing", "D3 Keperawatan"]]],
  ["Primary school teacher", "Guru SD", [["Bachelor of Education", "S1 Pendidikan Guru SD"]]],
  ["Software engineer", "Software engineer", [["Bachelor of Computer Science", "S1 Teknik Informatika"], ["Bachelor of Information Systems", "S1 Sistem Informasi"]]],
  ["Accountant", "Akuntan", [["Bachelor of Accounting", "S1 Akuntansi"]]],
  ["Doctor", "Dokter umum", [["Doctor of Medicine", "Pendidikan Dokter"]]],
  ["Pharmacist", "Apoteker", [["Bachelor of Pharmacy", "S1 Farmasi"]]],
  ["Civil servant", "PNS", [["Bachelor of Public Administration", "S1 Administrasi Negara"], ["Bachelor of Law", "S1 Hukum"]]],
  ["Bank officer", "Pegawai bank", [["Bachelor of Management", "S1 Manajemen"], ["Bachelor of Economics", "S1 Ekonomi"]]],
  ["Graphic designer", "Desainer grafis", [["Bachelor of Visual Communication Design", "S1 Desain Komunikasi Visual"]]],
  ["Marketing executive", "Marketing", [["Bachelor of Communication", "S1 Ilmu Komunikasi"], ["Bachelor of Management", "S1 Manajemen"]]],
  ["Entrepreneur (coffee shop)", "Wirausaha (kedai kopi)", [["Bachelor of Management", "S1 Manajemen"], ["Diploma in Hospitality", "D3 Perhotelan"]]],
  ["Church youth worker", "Pelayan pemuda gereja", [["Bachelor of Theology", "S1 Teologi"]]],
  ["Architect", "Arsitek", [["Bachelor of Architecture", "S1 Arsitektur"]]],
  ["Lecturer", "Dosen", [["Master of Management", "S2 Manajemen"], ["Master of Theology", "S2 Teologi"], ["Master of Engineering", "S2 Teknik Sipil"]]],
  ["Lawyer", "Pengacara", [["Bachelor of Law", "S1 Hukum"]]],
  ["Civil engineer", "Insinyur sipil", [["Bachelor of Civil Engineering", "S1 Teknik Sipil"]]],
  ["Midwife", "Bidan", [["Diploma in Midwifery", "D3 Kebidanan"]]],
  ["Hotel staff", "Staf hotel", [["Diploma in Hospitality", "D3 Perhotelan"]]],
  ["Musician and worship leader", "Musisi dan worship leader", [["Bachelor of Church Music", "S1 Musik Gereja"], ["Bachelor of Theology", "S1 Teologi"]]],
  ["Data analyst", "Data analyst", [["Bachelor of Statistics", "S1 Statistika"], ["Bachelor of Computer Science", "S1 Teknik Informatika"]]],
  ["Online shop owner", "Pemilik toko online", [["Bachelor of Management", "S1 Manajemen"], ["Bachelor of Communication", "S1 Ilmu Komunikasi"]]],
  ["Psychologist", "Psikolog", [["Master of Psychology", "S2 Psikologi Profesi"]]],
  ["Flight attendant", "Pramugari", [["Diploma in Tourism", "D3 Pariwisata"]]],
  ["Chef", "Koki", [["Diploma in Culinary Arts", "D3 Tata Boga"]]],
  ["Social worker", "Pekerja sosial", [["Bachelor of Social Work", "S1 Kesejahteraan Sosial"]]],
  ["Mining engineer", "Insinyur tambang", [["Bachelor of Mining Engineering", "S1 Teknik Pertambangan"]]],
  ["Master's student", "Mahasiswa S2", [["Bachelor of Biology", "S1 Biologi"], ["Bachelor of Psychology", "S1 Psikologi"]]],
];

const INTERESTS: readonly (readonly [en: string, id: string])[] = [
  ["Worship music", "Musik worship"],
  ["Choir", "Paduan suara"],
  ["Hiking", "Naik gunung"],
  ["Cooking", "Masak"],
  ["Coffee", "Ngopi"],
  ["Reading", "Membaca"],
  ["Travelling", "Jalan-jalan"],
  ["Badminton", "Badminton"],
  ["Football", "Sepak bola"],
  ["Photography", "Fotografi"],
  ["Guitar", "Main gitar"],
  ["Volunteering", "Pelayanan sosial"],
  ["Bible study", "Pendalaman Alkitab"],
  ["Swimming", "Berenang"],
  ["Movies", "Nonton film"],
  ["Baking", "Bikin kue"],
  ["Running", "Lari pagi"],
  ["Beach", "Pantai"],
  ["Karaoke", "Karaoke"],
  ["Gardening", "Berkebun"],
  ["Board games", "Board game"],
  ["Culinary hunting", "Wisata kuliner"],
  ["Sunday school teaching", "Mengajar sekolah Minggu"],
  ["Piano", "Main piano"],
];

const MINISTRIES: readonly (readonly [en: string, id: string])[] = [
  ["Worship team (keyboard)", "Tim musik (keyboard)"],
  ["Sunday school teacher", "Guru sekolah Minggu"],
  ["Youth ministry", "Pelayanan pemuda"],
  ["Choir member", "Anggota paduan suara"],
  ["Usher", "Penerima tamu (usher)"],
  ["Multimedia team", "Tim multimedia"],
  ["Small group leader", "Pemimpin kelompok sel"],
  ["Prayer team", "Tim doa"],
  ["Social outreach", "Diakonia"],
];

const BIO_OPENERS: Record<Language, readonly string[]> = {
  en: [
    "Simple person who laughs easily and loves {i1} and {i2}.",
    "{occupation} by day, {i1} enthusiast by night.",
    "Family comes first for me, and Sunday lunch with everyone is my favourite time of the week.",
    "Calm, a good listener, and always up for {i1}.",
    "I grew up in {home} and carry its food and its songs everywhere I go.",
    "Curious about people and their stories. Big fan of {i1} and a little {i2}.",
    "Morning person, coffee lover, and serious about {i1}.",
  ],
  id: [
    "Orangnya santai dan gampang ketawa, suka {i1} dan {i2}.",
    "Kerja sebagai {occupation}, di waktu luang suka {i1}.",
    "Keluarga nomor satu buat aku. Makan siang bareng setelah ibadah Minggu itu momen favorit.",
    "Pendengar yang baik, sedikit pemalu di awal tapi seru kalau sudah kenal.",
    "Asli {home}, jadi jangan heran kalau aku selalu kangen masakan rumah.",
    "Suka hal-hal sederhana: {i1}, {i2}, dan ngobrol panjang soal hidup.",
    "Anak pagi, pecinta kopi, dan lagi rajin {i1}.",
  ],
};

const BIO_CLOSERS: Record<Language, readonly string[]> = {
  en: [
    "Looking for someone to grow with in faith and in life.",
    "Hoping to meet someone who puts God first and loves their family.",
    "Let's talk about your favourite worship song.",
    "If you can recommend a good book or a good warung, we will get along.",
    "Praying for a partner to serve God together.",
  ],
  id: [
    "Mencari seseorang yang mau bertumbuh bersama dalam iman.",
    "Berharap bertemu seseorang yang takut akan Tuhan dan sayang keluarga.",
    "Yuk kenalan, cerita soal lagu rohani favoritmu.",
    "Doakan saja, semoga dipertemukan dengan yang tepat di waktu Tuhan.",
    "Pengen punya pasangan yang bisa diajak melayani bareng.",
  ],
};

const TESTIMONIES: Record<Language, readonly string[]> = {
  en: [
    "I was raised in a Christian home, but my faith became my own during university when I went through a hard season and experienced God's faithfulness every single day.",
    "After losing my father, I felt far from God. A friend invited me to a small group, and there I learned that Jesus carries our grief with us. Since then I walk with Him daily.",
    "I accepted Christ at a youth camp when I was sixteen. It was not dramatic, just a quiet certainty that I am loved. That certainty still carries me through every week.",
    "Moving to a new city alone for work was scary. My church became my family there, and I learned to trust God with my future instead of worrying about it.",
    "Serving in Sunday school taught me more about God's patience than any sermon. Seeing children pray so simply reminds me what real faith looks like.",
    "There was a time I chased only career and money. God gently turned my heart around through a serious illness, and now I want my life to count for Him.",
  ],
  id: [
    "Aku lahir di keluarga Kristen, tapi iman itu benar-benar jadi milikku sendiri waktu kuliah, saat melewati masa sulit dan merasakan penyertaan Tuhan setiap hari.",
    "Setelah papa meninggal, aku sempat menjauh dari Tuhan. Seorang teman mengajak ke persekutuan kecil, dan di sana aku belajar bahwa Yesus ikut menanggung duka kita.",
    "Aku menerima Kristus di retret pemuda waktu SMA. Tidak dramatis, hanya ada kepastian yang tenang bahwa aku dikasihi. Kepastian itu yang menguatkan aku sampai sekarang.",
    "Merantau sendirian untuk kerja itu berat. Gereja jadi keluarga baru buatku, dan aku belajar menyerahkan masa depan ke Tuhan daripada terus khawatir.",
    "Melayani di sekolah Minggu mengajarkan aku tentang kesabaran Tuhan. Melihat anak-anak berdoa dengan polos mengingatkan aku arti iman yang sebenarnya.",
    "Dulu aku cuma mengejar karier dan uang. Lewat sakit yang cukup berat, Tuhan membalikkan hatiku, dan sekarang aku ingin hidupku berarti bagi Dia.",
  ],
};

/** The faith durations that fit each testimony above (same index in both languages). */
const TESTIMONY_DURATIONS: readonly (readonly (readonly [string, number])[])[] = [
  [["Born into faith", 5], ["10+ years", 2]],
  [["1-5 years", 3], ["5-10 years", 2], ["Less than 1 year", 1]],
  [["10+ years", 3], ["5-10 years", 2]],
  [["Born into faith", 3], ["10+ years", 2], ["5-10 years", 1], ["1-5 years", 1]],
  [["Born into faith", 4], ["10+ years", 2]],
  [["Less than 1 year", 2], ["1-5 years", 3]],
];

const JESUS_MEANINGS: Record<Language, readonly string[]> = {
  en: [
    "He is my Saviour and my best friend, the one I talk to first every morning.",
    "Jesus is the reason I have hope, even on the days nothing makes sense.",
    "He is the Good Shepherd who never stopped looking for me.",
    "My Lord, my peace, and the foundation I want to build a family on.",
    "Grace I did not earn, and love I want to pass on to others.",
  ],
  id: [
    "Yesus adalah Juruselamat dan sahabat terbaikku, yang pertama aku ajak bicara setiap pagi.",
    "Dia alasan aku tetap punya pengharapan, bahkan di hari-hari yang berat.",
    "Gembala yang baik, yang tidak pernah berhenti mencari aku.",
    "Tuhan dan damai sejahteraku, dasar untuk membangun keluarga nanti.",
    "Kasih karunia yang tidak layak aku terima, dan kasih yang ingin aku bagikan.",
  ],
};

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  gender: Gender;
  age: number;
  language: Language;
  city: City;
  /** A family key. */
  denomination: DenominationKey;
  churchId: string | null;
  churchName: string;
  faithDuration: string;
  relationshipGoals: string;
  bio: string;
  faithTestimony: string;
  jesusChristMeaning: string;
  ministryInvolvement: string | null;
  /** Interest keys. */
  interests: string[];
  occupation: string;
  education: string;
  searchDistance: number;
  photoCount: number;
  look: PortraitLook;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Ages cluster in the late twenties and early thirties, as on any dating app. */
function randomAge(random: Random): number {
  const [min, max] = random.weighted<[number, number]>([[[20, 24], 3], [[25, 29], 5], [[30, 34], 4], [[35, 39], 2], [[40, 45], 1]]);
  return random.int(min, max);
}

function weightedCity(random: Random, community: Community): City {
  const id = random.weighted(community.cities);
  const city = findCity(id);
  if (city === undefined) throw new Error(`demo data names an unknown city: ${id}`);
  return city;
}

/** Hand-written profile texts (the demo sign-ins), replacing the generated ones. */
export interface PersonTexts {
  denomination: Denomination;
  churchName: string;
  faithDuration: string;
  relationshipGoals: string;
  bio: string;
  faithTestimony: string;
  jesusChristMeaning: string;
  ministryInvolvement: string | null;
  interests: string[];
  occupation: string;
  education: string;
}

export interface PersonOverrides {
  texts?: PersonTexts;
  firstName?: string;
  lastName?: string;
  email?: string;
  age?: number;
  cityId?: string;
  language?: Language;
  community?: string;
  photoCount?: number;
  searchDistance?: number;
}

export function generatePerson(random: Random, gender: Gender, index: number, overrides: PersonOverrides = {}): Person {
  const community = overrides.community !== undefined ? COMMUNITIES.find((c) => c.key === overrides.community)! : random.weighted(COMMUNITIES.map((c) => [c, c.weight] as const));
  const firstName = overrides.firstName ?? random.pick(gender === "male" ? community.male : community.female);
  const lastName = overrides.lastName ?? random.pick(community.surnames);
  const language: Language = overrides.language ?? (random.chance(0.5) ? "en" : "id");
  const city = overrides.cityId !== undefined ? findCity(overrides.cityId)! : weightedCity(random, community);
  const pickPair = (pairs: readonly (readonly [string, string])[]) => {
    const pair = random.pick(pairs);
    return language === "en" ? pair[0] : pair[1];
  };

  const atHome = community.homeRegion.includes(city.id);
  const churches = community.churches.filter((church) => church[3] !== "local" || atHome);
  let [churchTemplate, denomination] = random.weighted(churches.map((church) => [church, church[2]] as const));
  if (city.id === "jakarta" && random.chance(0.04)) [churchTemplate, denomination] = random.pick(JAKARTA_MINORITY_CHURCHES);
  const churchName = fill(churchTemplate, { city: city.name.replace(/ \(.*\)$/, "") });

  const interestPairs = random.sample(INTERESTS, random.int(3, 6));
  const interests = interestPairs.map((pair) => (language === "en" ? pair[0] : pair[1]));
  // Midwives and "pramugari" are women in Indonesia; a male flight attendant is a "pramugara".
  const [occupationEn, occupationId, degrees] = random.pick(gender === "male" ? OCCUPATIONS.filter(([en]) => en !== "Midwife") : OCCUPATIONS);
  const occupation = language === "en" ? occupationEn : gender === "male" && occupationId === "Pramugari" ? "Pramugara" : occupationId;
  const degree = pickPair(degrees);
  const education = `${degree}, ${random.pick(community.universities)}`;
  // The home town the bio mentions is in the community's own region, even for people in Jakarta.
  const homeId = random.weighted(community.cities.filter(([id]) => !JABODETABEK.some(([jakartaArea]) => jakartaArea === id)));
  const homeName = findCity(homeId)?.name.replace(/ \(.*\)$/, "") ?? city.name;
  const values = { i1: lowerFirst(interests[0]!), i2: lowerFirst(interests[1]!), occupation: lowerFirst(occupation), home: homeName };
  const bio = `${fill(random.pick(BIO_OPENERS[language]), values).replace(/^./, (c) => c.toUpperCase())} ${random.pick(BIO_CLOSERS[language])}`;

  const look = randomLook(random, gender, community.skin);
  if (community.curlyHair !== undefined && random.chance(community.curlyHair)) look.hairStyle = "curly";

  const testimony = random.int(0, TESTIMONY_DURATIONS.length - 1);
  const localPart = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "");
  const person = {
    firstName,
    lastName,
    email: overrides.email ?? `${localPart}.${index}@example.com`,
    gender,
    age: overrides.age ?? randomAge(random),
    language,
    city,
    denomination,
    churchName,
    faithDuration: random.weighted(TESTIMONY_DURATIONS[testimony]!),
    relationshipGoals: random.weighted<string>([["marriage", 5], ["serious-relationship", 4], ["friendship", 1], ["fellowship", 1]]),
    bio,
    faithTestimony: TESTIMONIES[language][testimony]!,
    jesusChristMeaning: random.pick(JESUS_MEANINGS[language]),
    ministryInvolvement: random.chance(0.6) ? pickPair(MINISTRIES) : null,
    interests,
    occupation,
    education,
    searchDistance: overrides.searchDistance ?? random.weighted<number>([[50, 3], [100, 3], [150, 1], [200, 2]]),
    photoCount: overrides.photoCount ?? random.weighted<number>([[1, 3], [2, 4], [3, 3]]),
    look,
    ...overrides.texts,
  };
  // Written names (hand-written texts included) become keys; the church is looked up in the directory.
  const interestKeys = [...new Set(person.interests.map((name) => interestKeyOf(name)).filter((key): key is string => key !== undefined))];
  return { ...person, ...faithOf(person.churchName, person.denomination, city.id), interests: interestKeys };
}

/**
 * The demo data set behind `kasih demo` / `npm run demo`: four demo sign-ins and 210 believable
 * Indonesian Christian singles with generated photos, likes waiting for the demo accounts,
 * a few matches with conversations, and reports in the moderation queue.
 *
 * It only fills an EMPTY data set: with any account present it changes nothing. All rows go in
 * with one db.batch() (multi-row inserts), so a failure leaves no half-seeded database
 * (docs/decisions/0002); photo files written before a failed batch are removed again.
 */
import { mkdirSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BatchItem } from "drizzle-orm/batch";
import { eq } from "drizzle-orm";
import type { Config } from "../src/config";
import { hashPassword } from "../src/features/auth/password";
import { distanceKm } from "../src/features/profile/cities";
import { newId, newToken } from "../src/platform/ids";
import type { ReportReason } from "../src/features/safety/report-reasons";
import type { Database } from "./client";
import { adminActions, matches, messages, photos, profiles, reports, swipes, users, type Plan, type ReportedProfileSnapshot } from "./schema";
import { EVIDENCE_MESSAGES } from "../src/features/safety/safety.service";
import { keepEvidencePhotos } from "../src/features/safety/report-snapshot";
import { generatePerson, type Gender, type Person, type PersonOverrides } from "./demo/people";
import { renderPortrait } from "./demo/portrait";
import { Random } from "./demo/random";
import { demoBirthDate, demoPrompts } from "./demo/prompts";
import { jakartaDayOf } from "../src/platform/clock";
import { sealTotpSecret } from "../src/features/admin/second-factor/second-factor.service";
import { otpauthUrl } from "../src/features/admin/second-factor/totp";

export const DEMO_PASSWORD = "kasih-demo-2026";
/**
 * The demo admin's second factor (ADMIN.md 'Who'), enrolled with this fixed TOTP secret so the
 * demo opens the panel at once: the demo only, printed beside the demo sign-ins.
 */
export const DEMO_ADMIN_TOTP_SECRET = "KASIHDEMOADMINPANELSECONDFACTORX";

interface DemoAccount {
  email: string;
  gender: Gender;
  plan: Plan;
  isAdmin: boolean;
  description: string;
  person: PersonOverrides;
  /** How many seeded people already like this account, and how many matches it starts with. */
  likers: number;
  superLikers: number;
  matches: number;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "demo@kasih.app",
    gender: "male",
    plan: "free",
    isAdmin: false,
    description: "free plan, man in Jakarta; many women already like him",
    person: {
      firstName: "Daniel",
      lastName: "Simanjuntak",
      age: 29,
      cityId: "jakarta",
      community: "batak",
      language: "en",
      photoCount: 3,
      searchDistance: 100,
      texts: {
        denomination: "Lutheran",
        churchName: "HKBP Kernolong Jakarta",
        faithDuration: "Born into faith",
        relationshipGoals: "marriage",
        bio: "Batak boy from Tarutung, software engineer in Jakarta. I play bass in the youth worship team, cook a decent arsik and never say no to a mountain trip.",
        faithTestimony: "I grew up singing in the HKBP choir, but my faith became my own when I moved to Jakarta alone for work. In a lonely first year God met me through a small group that became my family.",
        jesusChristMeaning: "My Saviour and my anchor: the one who stays the same when everything else changes.",
        ministryInvolvement: "Youth worship team (bass)",
        interests: ["Worship music", "Hiking", "Cooking", "Badminton", "Coffee"],
        occupation: "Software engineer",
        education: "Bachelor of Computer Science, Institut Teknologi Del",
      },
    },
    likers: 24,
    superLikers: 4,
    matches: 3,
  },
  {
    email: "demo.sarah@kasih.app",
    gender: "female",
    plan: "free",
    isAdmin: false,
    description: "free plan, woman in Jakarta (Bahasa Indonesia profile)",
    person: {
      firstName: "Sarah",
      lastName: "Wowor",
      age: 27,
      cityId: "jakarta",
      community: "minahasa",
      language: "id",
      photoCount: 3,
      searchDistance: 100,
      texts: {
        denomination: "Pentecostal",
        churchName: "GBI Jakarta",
        faithDuration: "10+ years",
        relationshipGoals: "serious-relationship",
        bio: "Anak Manado yang merantau ke Jakarta. Perawat di rumah sakit swasta, suka masak tinutuan, nyanyi, dan jalan pagi di GBK hari Sabtu.",
        faithTestimony: "Aku menerima Yesus waktu retret pemuda di Tomohon umur 15. Sejak itu Dia setia menemani, termasuk waktu aku harus jauh dari keluarga dan belajar hidup sendiri di Jakarta.",
        jesusChristMeaning: "Sahabat yang paling setia dan Tuhan yang memberi damai di tengah kesibukan.",
        ministryInvolvement: "Paduan suara",
        interests: ["Masak", "Paduan suara", "Lari pagi", "Wisata kuliner"],
        occupation: "Perawat",
        education: "S1 Keperawatan, Universitas Sam Ratulangi",
      },
    },
    likers: 20,
    superLikers: 3,
    matches: 2,
  },
  {
    email: "premium@kasih.app",
    gender: "male",
    plan: "premium_plus",
    isAdmin: false,
    description: "Premium Plus: who liked you, undo, super like, boost",
    person: {
      firstName: "Kevin",
      lastName: "Tanoto",
      age: 31,
      cityId: "tangerang",
      community: "tionghoa",
      language: "en",
      photoCount: 3,
      searchDistance: 150,
      texts: {
        denomination: "Protestant",
        churchName: "GKI Gading Serpong",
        faithDuration: "5-10 years",
        relationshipGoals: "marriage",
        bio: "Architect, amateur barista and a terrible but enthusiastic badminton player. Looking for someone to build a Christ-centred home with.",
        faithTestimony: "My family is Buddhist. A colleague invited me to a Christmas service eight years ago and I kept coming back. I was baptised two years later, and my parents came to watch.",
        jesusChristMeaning: "The one who loved me first, before I knew anything about Him.",
        ministryInvolvement: "Multimedia team",
        interests: ["Coffee", "Badminton", "Photography", "Travelling"],
        occupation: "Architect",
        education: "Bachelor of Architecture, Universitas Kristen Petra",
      },
    },
    likers: 14,
    superLikers: 3,
    matches: 2,
  },
  {
    email: "admin@kasih.app",
    gender: "female",
    plan: "free",
    isAdmin: true,
    description: "admin: Admin Panel, reports queue",
    person: {
      firstName: "Ruth",
      lastName: "Sitompul",
      age: 36,
      cityId: "jakarta",
      community: "batak",
      language: "id",
      photoCount: 2,
      searchDistance: 50,
      texts: {
        denomination: "Lutheran",
        churchName: "HKBP Menteng Jakarta",
        faithDuration: "Born into faith",
        relationshipGoals: "fellowship",
        bio: "Moderator komunitas Kasih. Senang membantu orang bertemu dengan cara yang aman dan saling menghormati.",
        faithTestimony: "Lahir dan besar di keluarga HKBP. Melayani di komisi pemuda selama sepuluh tahun mengajarkan aku bahwa kasih itu harus nyata dalam tindakan, bukan hanya kata-kata.",
        jesusChristMeaning: "Gembala yang baik, yang menjaga setiap domba-Nya.",
        ministryInvolvement: "Komisi pemuda",
        interests: ["Membaca", "Paduan suara", "Pelayanan sosial"],
        occupation: "Community manager",
        education: "S1 Psikologi, Universitas Indonesia",
      },
    },
    likers: 0,
    superLikers: 0,
    matches: 0,
  },
];

const SEEDED_WOMEN = 110;
const SEEDED_MEN = 100;
/** Rows per multi-row INSERT, well under SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A fixed seed: every machine gets the same people, texts and pictures. */
const SEED = 20261122;

/**
 * The demo accounts' first conversations: each line says who writes it ("them" is the seeded
 * person, who opens; "me" the demo account), so a greeting names the one it is sent to.
 * Placeholders: {to} the recipient's first name; {fromCity} and {fromChurch} the sender's own.
 * Nothing in a line claims what the sender's profile does not say.
 */
type ScriptLine = readonly ["them" | "me", string];
const CONVERSATIONS: readonly (readonly ScriptLine[])[] = [
  [
    ["them", "Hi {to}! I saw that faith comes first for you too 😊"],
    ["me", "Hi {to}! It really does. Which church do you go to?"],
    ["them", "{fromChurch}, mostly the morning service. And you?"],
    ["me", "{fromChurch}. Maybe coffee after service sometime?"],
    ["them", "I'd like that 😊"],
  ],
  [
    ["them", "Shalom {to}, salam kenal ya 🙏"],
    ["me", "Shalom juga, {to}! Salam kenal. Sekarang tinggal di mana?"],
    ["them", "Aku di {fromCity}. Kamu?"],
    ["me", "Aku di {fromCity}. Kapan-kapan ikut ibadah pemuda di gerejaku, yuk?"],
    ["them", "Boleh banget, kabari ya 😊"],
  ],
  [
    ["them", "Your bio made me smile, {to}. What's the best warung you know?"],
    ["me", "Haha, there's a great soto Betawi place near Cikini!"],
    ["them", "Deal, I'll trust your recommendation. This Saturday?"],
  ],
  [
    ["them", "Halo {to}, lagi baca buku apa sekarang?"],
    ["me", "Lagi baca 'Mere Christianity', pelan-pelan tapi bagus banget. Kamu?"],
    ["them", "Wah, aku juga pernah baca! Bab tentang kasih itu favoritku."],
  ],
];

/** About a third of the seeded people are photo-verified (docs/decisions/0139), so "Verified only" is never empty. */
const VERIFIED_SHARE = 1 / 3;

/** Reasons are the codes members pick (src/features/safety/report-reasons.ts); screens translate them. */
const REPORT_REASONS: readonly (readonly [ReportReason, string])[] = [
  ["fake_profile", "The photos look like they were taken from someone else's social media."],
  ["harassment", "Sent rude messages after I did not reply quickly."],
  ["other", "Keeps asking people to move to WhatsApp to sell supplements."],
  ["harassment", "Messaged me repeatedly after I asked them to stop."],
];

/** A conversation the moderation queue shows as evidence: the kind of message that costs members money. */
const SCAM_CONVERSATION: readonly (readonly ["reporter" | "reported", string])[] = [
  ["reported", "Hi! You have such a kind smile. Where do you go to church?"],
  ["reporter", "Thank you! GBI in Kelapa Gading. And you?"],
  ["reported", "I am working offshore right now, I only go online at night. Can we continue on WhatsApp?"],
  ["reported", "My bank card is blocked here and I need Rp 2.500.000 for the customs fee. Could you transfer it to my cousin's BCA account? I will pay you back next week, I promise."],
];

/** The lines behind a harassment report, kept with it as its evidence. */
const HARASSMENT_CONVERSATION: readonly (readonly ["reporter" | "reported", string])[] = [
  ["reported", "Why are you not answering me?"],
  ["reporter", "Sorry, I was at church. I think we are not a good match."],
  ["reported", "You women are all the same. Answer me NOW."],
  ["reporter", "Please stop messaging me."],
];

interface SeedUser {
  id: string;
  person: Person;
  plan: Plan;
  isAdmin: boolean;
  passwordHash: string;
  createdAt: Date;
  demo?: DemoAccount;
  banned?: string;
}

/** Fills an empty data set with the demo set; returns the summary `kasih demo` prints. */
export async function seedDemo(db: Database, config: Config): Promise<string> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser !== undefined) {
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0]!.email)).limit(1);
    if (demo === undefined) return "This DATA_DIR already has accounts, so the demo set was not added (it only fills an empty data set).";
    return summary(config, "The demo set is already in this DATA_DIR.");
  }

  const started = performance.now();
  const random = new Random(SEED);
  const now = Date.now();
  const ago = (minMs: number, maxMs: number) => new Date(now - random.float(minMs, maxMs));

  // Demo sign-ins get real hashes; everyone else shares one hash of a secret nobody knows,
  // so seeded accounts exist like real ones but cannot be signed into.
  const [demoHash, lockedHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(newToken(32))]);

  const people: SeedUser[] = DEMO_ACCOUNTS.map((account, index) => ({
    id: newId(),
    person: generatePerson(random, account.gender, index, { ...account.person, email: account.email }),
    plan: account.plan,
    isAdmin: account.isAdmin,
    passwordHash: demoHash,
    createdAt: ago(20 * DAY_MS, 40 * DAY_MS),
    demo: account,
  }));
  // Interleaved so both genders spread evenly over the communities (there are more women).
  const genders: Gender[] = Array.from({ length: SEEDED_WOMEN + SEEDED_MEN }, (_, i) => (i < 2 * SEEDED_MEN && i % 2 === 1 ? "male" : "female"));
  for (const [i, gender] of genders.entries()) {
    const plan = random.weighted<Plan>([["free", 83], ["premium", 12], ["premium_plus", 5]]);
    people.push({ id: newId(), person: generatePerson(random, gender, i + 1), plan, isAdmin: false, passwordHash: lockedHash, createdAt: ago(2 * DAY_MS, 150 * DAY_MS) });
  }
  const seeded = people.filter((p) => p.demo === undefined);
  const demos = people.filter((p) => p.demo !== undefined);
  // One seeded account was banned by the admin after a report, so the admin screens show history.
  const banned = seeded[seeded.length - 1]!;
  banned.banned = "Fake profile: photos taken from another person's account";

  // ---- photos: files first, rows later ------------------------------------------------------
  const uploads = join(config.dataDir, "uploads");
  mkdirSync(uploads, { recursive: true });
  const writtenFiles: string[] = [];
  const photoRows: (typeof photos.$inferInsert)[] = [];
  for (const user of people) {
    for (let position = 0; position < user.person.photoCount; position++) {
      const image = renderPortrait(user.person.look, position, random);
      const fileName = `${newId()}.jpg`;
      const path = join(uploads, fileName);
      writeFileSync(path, image.bytes);
      writtenFiles.push(path);
      photoRows.push({ id: newId(), userId: user.id, position, fileName, mimeType: "image/jpeg", width: image.width, height: image.height, byteSize: image.bytes.length, createdAt: user.createdAt });
    }
  }
  const photosDone = performance.now();

  // ---- users and profiles -------------------------------------------------------------------
  const userRows: (typeof users.$inferInsert)[] = people.map((user) => {
    // Every demo sign-in is verified (so the demo admin stays an admin, docs/decisions/0083);
    // seeded people are verified like the vouched accounts of a real server, about 60 %.
    const isVerified = user.demo !== undefined || random.chance(0.6);
    return {
      id: user.id,
      email: user.person.email.toLowerCase(),
      passwordHash: user.passwordHash,
      firstName: user.person.firstName,
      lastName: user.person.lastName,
      isVerified,
      emailVerifiedAt: isVerified ? user.createdAt : null,
      isAdmin: user.isAdmin,
      // The demo admin is enrolled already (DEMO_ADMIN_TOTP_SECRET).
      ...(user.demo !== undefined && user.isAdmin ? { totpSecret: sealTotpSecret(config.dataDir, user.id, DEMO_ADMIN_TOTP_SECRET), totpEnrolledAt: new Date(now) } : {}),
      plan: user.plan,
      planExpiresAt: user.plan === "free" || user.demo !== undefined ? null : new Date(now + random.float(5, 30) * DAY_MS),
      isBanned: user.banned !== undefined,
      banReason: user.banned ?? null,
      language: user.person.language,
      lastActiveAt: user.demo !== undefined ? new Date(now) : ago(10 * 60_000, 12 * DAY_MS),
      createdAt: user.createdAt,
    };
  });
  // About a third of the seeded people had their live selfie approved a while after joining: the
  // badge (users.photo_verified_at) and the reviewed photos (photos.verified_at) go together, as an
  // approval writes them (src/features/verification/verified-photos.ts). A random source of its
  // own, so the rest of the set stays the same.
  const verification = new Random(SEED + 1);
  for (const user of seeded) {
    if (user.banned !== undefined || !verification.chance(VERIFIED_SHARE)) continue;
    const at = new Date(Math.min(user.createdAt.getTime() + verification.float(1, 48) * 60 * 60_000, now));
    userRows.find((row) => row.id === user.id)!.photoVerifiedAt = at;
    for (const photo of photoRows) if (photo.userId === user.id) photo.verifiedAt = at;
  }
  const profileRows: (typeof profiles.$inferInsert)[] = people.map((user) => {
    const p = user.person;
    return {
      userId: user.id,
      age: p.age,
      birthDate: demoBirthDate(random, p.age, jakartaDayOf(new Date(now))),
      prompts: demoPrompts(random, p.language, user.demo !== undefined),
      gender: p.gender,
      denomination: p.denomination,
      churchId: p.churchId,
      churchName: p.churchName,
      faithTestimony: p.faithTestimony,
      faithDuration: p.faithDuration,
      bio: p.bio,
      ministryInvolvement: p.ministryInvolvement,
      relationshipGoals: p.relationshipGoals,
      jesusChristMeaning: p.jesusChristMeaning,
      searchDistance: p.searchDistance,
      interests: p.interests,
      occupation: p.occupation,
      education: p.education,
      city: p.city.id,
      cityLat: p.city.lat,
      cityLng: p.city.lng,
      createdAt: new Date(user.createdAt.getTime() + 10 * 60_000),
      updatedAt: new Date(user.createdAt.getTime() + 10 * 60_000),
    };
  });

  // Two people near Jakarta are boosted right now (Premium Plus), so boosts show in decks.
  const boostable = seeded.filter((u) => u.plan === "premium_plus" && !u.banned && distanceKm(u.person.city, demos[0]!.person.city) <= 100);
  for (const user of boostable.slice(0, 2)) {
    const row = userRows.find((r) => r.id === user.id)!;
    row.boostedUntil = new Date(now + 25 * 60_000);
  }

  // ---- swipes and matches -------------------------------------------------------------------
  const swipeRows: (typeof swipes.$inferInsert)[] = [];
  const matchRows: (typeof matches.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  const swiped = new Set<string>();
  const addSwipe = (swiper: SeedUser, target: SeedUser, isLike: boolean, isSuperLike: boolean, at: Date) => {
    const key = `${swiper.id}>${target.id}`;
    if (swiped.has(key)) return false;
    swiped.add(key);
    swipeRows.push({ swiperId: swiper.id, swipedId: target.id, isLike, isSuperLike, createdAt: at });
    return true;
  };
  const addMatch = (a: SeedUser, b: SeedUser, at: Date) => {
    const [user1Id, user2Id] = [a.id, b.id].sort();
    const match = { id: newId(), user1Id: user1Id!, user2Id: user2Id!, createdAt: at, lastMessageAt: null as Date | null };
    matchRows.push(match);
    return match;
  };
  const available = (user: SeedUser) => user.demo === undefined && user.banned === undefined;
  const usedForDemo = new Set<string>();
  let conversation = 0;

  for (const demo of demos) {
    const account = demo.demo!;
    if (account.likers === 0 && account.matches === 0) continue;
    // People of the other gender this account will actually be shown (inside its distance).
    const nearby = random.shuffle(
      seeded.filter((u) => available(u) && u.person.gender !== demo.person.gender && !usedForDemo.has(u.id) && distanceKm(u.person.city, demo.person.city) <= demo.person.searchDistance),
    );
    const matched = nearby.slice(0, account.matches);
    const likers = nearby.slice(account.matches, account.matches + account.likers);
    for (const other of [...matched, ...likers]) usedForDemo.add(other.id);
    likers.forEach((liker, index) => addSwipe(liker, demo, true, index < account.superLikers, ago(30 * 60_000, 6 * DAY_MS)));
    for (const other of matched) {
      // Not before either account existed (a seeded person may have joined two days ago).
      const first = new Date(Math.max(ago(2 * DAY_MS, 9 * DAY_MS).getTime(), other.createdAt.getTime() + 60 * 60_000, demo.createdAt.getTime() + 60 * 60_000));
      addSwipe(other, demo, true, false, first);
      const matchedAt = new Date(first.getTime() + random.float(1, 20) * 60 * 60_000);
      addSwipe(demo, other, true, false, matchedAt);
      const match = addMatch(demo, other, matchedAt);
      const script = CONVERSATIONS[conversation++ % CONVERSATIONS.length]!;
      // The other person opens; the last line is theirs or ours, and the newest from them is unread.
      let at = matchedAt.getTime() + random.float(5, 120) * 60_000;
      script.forEach(([who, line], index) => {
        const sender = who === "them" ? other : demo;
        const receiver = sender === other ? demo : other;
        const content = line.replace("{to}", receiver.person.firstName).replace("{fromCity}", sender.person.city.name).replace("{fromChurch}", sender.person.churchName);
        const isLast = index === script.length - 1;
        messageRows.push({ id: newId(), matchId: match.id, senderId: sender.id, content, kind: "text", createdAt: new Date(at), readAt: isLast && sender === other ? null : new Date(at + 60_000) });
        match.lastMessageAt = new Date(at);
        at += random.float(3, 180) * 60_000;
      });
    }
  }

  // Seeded people swipe each other too, so statistics, decks and matches look lived-in.
  let seededMatches = 0;
  for (const swiper of seeded) {
    if (!available(swiper)) continue;
    const others = seeded.filter((u) => available(u) && u.person.gender !== swiper.person.gender);
    for (const target of random.sample(others, random.int(3, 12))) {
      const isLike = random.chance(0.55);
      addSwipe(swiper, target, isLike, isLike && random.chance(0.05), ago(60 * 60_000, 20 * DAY_MS));
    }
  }
  const likes = new Set(swipeRows.filter((s) => s.isLike).map((s) => `${s.swiperId}>${s.swipedId}`));
  const seededIds = new Set(seeded.map((u) => u.id));
  for (const swipe of swipeRows) {
    if (!swipe.isLike || !seededIds.has(swipe.swiperId) || !seededIds.has(swipe.swipedId) || swipe.swiperId > swipe.swipedId) continue;
    if (!likes.has(`${swipe.swipedId}>${swipe.swiperId}`)) continue;
    // A match begins with the second like, not the first.
    const reply = swipeRows.find((other) => other.swiperId === swipe.swipedId && other.swipedId === swipe.swiperId)!;
    const matchedAt = new Date(Math.max(swipe.createdAt!.getTime(), reply.createdAt!.getTime()));
    matchRows.push({ id: newId(), user1Id: swipe.swiperId, user2Id: swipe.swipedId, createdAt: matchedAt, lastMessageAt: null });
    seededMatches++;
  }

  // ---- moderation ---------------------------------------------------------------------------
  const admin = demos.find((d) => d.isAdmin)!;
  const reportable = seeded.filter((u) => available(u) && !usedForDemo.has(u.id));
  const reportRows: (typeof reports.$inferInsert)[] = [];
  for (let i = 0; i < 3; i++) {
    const [reporter, reported] = random.sample(reportable, 2);
    const [reason, description] = REPORT_REASONS[i]!;
    reportRows.push({ id: newId(), reporterId: reporter!.id, reportedUserId: reported!.id, reason, description, status: "pending", createdAt: ago(2 * 60 * 60_000, 3 * DAY_MS) });
  }
  // One report from a conversation, so the evidence dialog has something real to show. Picked
  // without the random source, so the rest of the set stays the same.
  const evidenceMatch = matchRows.find((m) => m.lastMessageAt === null && reportable.some((u) => u.id === m.user1Id) && reportable.some((u) => u.id === m.user2Id));
  if (evidenceMatch !== undefined) {
    const [reporterId, reportedId] = [evidenceMatch.user1Id, evidenceMatch.user2Id];
    // After the match, the lines up to 20 minutes apart and all in the past.
    const start = Math.max(evidenceMatch.createdAt!.getTime(), now - 2 * DAY_MS);
    const gap = Math.min(20 * 60_000, (now - start) / (SCAM_CONVERSATION.length + 1));
    SCAM_CONVERSATION.forEach(([who, content], index) => {
      const at = new Date(start + (index + 1) * gap);
      messageRows.push({ id: newId(), matchId: evidenceMatch.id!, senderId: who === "reported" ? reportedId : reporterId, content, kind: "text", createdAt: at, readAt: at });
      evidenceMatch.lastMessageAt = at;
    });
    reportRows.push({ id: newId(), reporterId, reportedUserId: reportedId, reason: "scam", description: "Asked me to transfer money for a 'customs fee' after a few messages.", status: "pending", createdAt: new Date(Math.min(start + 2 * 60 * 60_000, now)) });
  }
  // The harassment report comes with the conversation behind it (no random draws, so the rest
  // of the set stays the same).
  const harassment = reportRows.find((r) => r.reason === "harassment" && r.status === "pending");
  if (harassment !== undefined) {
    const [user1Id, user2Id] = [harassment.reporterId!, harassment.reportedUserId!].sort() as [string, string];
    if (!matchRows.some((m) => m.user1Id === user1Id && m.user2Id === user2Id)) {
      const match = { id: newId(), user1Id, user2Id, createdAt: new Date(harassment.createdAt!.getTime() - DAY_MS), lastMessageAt: null as Date | null };
      matchRows.push(match);
      HARASSMENT_CONVERSATION.forEach(([who, content], index) => {
        const at = new Date(match.createdAt.getTime() + (index + 1) * 30 * 60_000);
        messageRows.push({ id: newId(), matchId: match.id, senderId: who === "reported" ? harassment.reportedUserId! : harassment.reporterId!, content, kind: "text", createdAt: at, readAt: at });
        match.lastMessageAt = at;
      });
    }
  }
  const bannedReporter = random.pick(reportable);
  const [bannedReason, bannedDescription] = REPORT_REASONS[0]!;
  const bannedReportAt = ago(5 * DAY_MS, 8 * DAY_MS);
  reportRows.push({ id: newId(), reporterId: bannedReporter.id, reportedUserId: banned.id, reason: bannedReason, description: bannedDescription, status: "resolved", createdAt: bannedReportAt, updatedAt: new Date(bannedReportAt.getTime() + DAY_MS) });
  const reportedSnapshotOf = (userId: string, at: Date): ReportedProfileSnapshot => {
    const user = people.find((u) => u.id === userId)!;
    const profile = profileRows.find((row) => row.userId === userId);
    return {
      name: `${user.person.firstName} ${user.person.lastName}`.trim(),
      age: profile?.age ?? null,
      gender: profile?.gender ?? null,
      city: profile?.city ?? null,
      bio: profile?.bio ?? "",
      prompts: profile?.prompts ?? [],
      photos: photoRows.filter((row) => row.userId === userId).sort((a, b) => a.position - b.position).map((row) => row.fileName),
      takenAt: at.getTime(),
    };
  };
  // Every report carries what a filed one does (docs/decisions/0129): the pair's last lines as its
  // evidence (none without a match), the reported profile's snapshot and the reporter's address.
  reportRows.forEach((report, index) => {
    const [user1Id, user2Id] = [report.reporterId!, report.reportedUserId!].sort();
    const match = matchRows.find((m) => m.user1Id === user1Id && m.user2Id === user2Id);
    report.evidence =
      match === undefined
        ? null
        : messageRows
            .filter((line) => line.matchId === match.id)
            .slice(-EVIDENCE_MESSAGES)
            .map((line) => ({ id: line.id!, senderId: line.senderId, content: line.content, kind: line.kind ?? "text", createdAt: line.createdAt!.getTime() }));
    report.reportedSnapshot = reportedSnapshotOf(report.reportedUserId!, report.createdAt!);
    report.reporterIp = `203.0.113.${index + 10}`;
  });
  const actionRows: (typeof adminActions.$inferInsert)[] = [
    {
      id: newId(),
      adminId: admin.id,
      adminName: `${admin.person.firstName} ${admin.person.lastName}`,
      targetUserId: banned.id,
      targetName: `${banned.person.firstName} ${banned.person.lastName}`,
      action: "ban",
      reason: banned.banned!,
      createdAt: new Date(bannedReportAt.getTime() + DAY_MS),
    },
  ];

  // ---- one atomic batch -----------------------------------------------------------------------
  const statements: BatchItem<"sqlite">[] = [];
  const inserts = <T>(rows: T[], insert: (chunk: T[]) => BatchItem<"sqlite">) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) statements.push(insert(rows.slice(i, i + ROWS_PER_INSERT)));
  };
  inserts(userRows, (chunk) => db.insert(users).values(chunk));
  inserts(profileRows, (chunk) => db.insert(profiles).values(chunk));
  inserts(photoRows, (chunk) => db.insert(photos).values(chunk));
  inserts(swipeRows, (chunk) => db.insert(swipes).values(chunk));
  inserts(matchRows, (chunk) => db.insert(matches).values(chunk));
  inserts(messageRows, (chunk) => db.insert(messages).values(chunk));
  inserts(reportRows, (chunk) => db.insert(reports).values(chunk));
  inserts(actionRows, (chunk) => db.insert(adminActions).values(chunk));
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    for (const path of writtenFiles) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }
    throw error;
  }
  // The reported profiles' photos are kept as evidence, as a filed report keeps them.
  await keepEvidencePhotos(config.dataDir, [...new Set(reportRows.flatMap((report) => report.reportedSnapshot?.photos ?? []))]);

  const finished = performance.now();
  const demoLikes = swipeRows.filter((s) => s.isLike && demos.some((d) => d.id === s.swipedId) && !matchRows.some((m) => (m.user1Id === s.swipedId && m.user2Id === s.swiperId) || (m.user2Id === s.swipedId && m.user1Id === s.swiperId))).length;
  const stats =
    `Demo set added: ${people.length} people (${userRows.filter((row) => row.photoVerifiedAt != null).length} photo-verified) with ${photoRows.length} photos, ${swipeRows.length} swipes ` +
    `(${demoLikes} likes waiting for the demo accounts), ${matchRows.length} matches (${matchRows.length - seededMatches} with the demo accounts, ` +
    `${messageRows.length} messages), ${reportRows.filter((r) => r.status === "pending").length} pending reports. ` +
    `Photos ${((photosDone - started) / 1000).toFixed(1)} s, total ${((finished - started) / 1000).toFixed(1)} s.`;
  return summary(config, stats);
}

function summary(config: Config, headline: string): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(width)}  ${a.person.firstName} ${a.person.lastName}: ${a.description}`);
  const admin = DEMO_ACCOUNTS.find((a) => a.isAdmin)!;
  const secondFactor = [
    `The admin panel asks ${admin.email} for a code from an authenticator app (demo only: a fixed secret).`,
    `  Setup key: ${DEMO_ADMIN_TOTP_SECRET}`,
    `  otpauth URL: ${otpauthUrl(DEMO_ADMIN_TOTP_SECRET, admin.email, "Kasih demo")}`,
  ];
  return [headline, `Sign in at ${config.appOrigin}/auth with password "${DEMO_PASSWORD}" as:`, ...lines, ...secondFactor].join("\n");
}

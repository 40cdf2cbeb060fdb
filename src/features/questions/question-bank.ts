/**
 * The values questions (MATCHING.md 'Values questions'), written for Christian singles in
 * Indonesia, in English and Indonesian. Kept in the repository as data, not in the database: a
 * member's answers name these ids, so an id is never reused nor renamed, and a question or an
 * answer that goes out of use stays here with `retired: true` (docs/decisions/0133). No server
 * imports: islands import this file.
 */
import { ONBOARDING_QUESTION_IDS } from "./onboarding-questions";

export interface Text {
  en: string;
  id: string;
}

export interface ValuesAnswer {
  id: string;
  text: Text;
}

export interface ValuesQuestion {
  id: string;
  text: Text;
  answers: ValuesAnswer[];
  retired?: true;
}

const a = (id: string, en: string, idText: string): ValuesAnswer => ({ id, text: { en, id: idText } });
const q = (id: string, en: string, idText: string, answers: ValuesAnswer[]): ValuesQuestion => ({ id, text: { en, id: idText }, answers });

export const QUESTIONS: readonly ValuesQuestion[] = [
  // Prayer and church life
  q("pray-together", "Should a couple pray together every day?", "Apakah pasangan sebaiknya berdoa bersama setiap hari?", [
    a("daily", "Yes, every day", "Ya, setiap hari"),
    a("often", "Often, but not every day", "Sering, tapi tidak harus tiap hari"),
    a("private", "Prayer is mostly personal for me", "Bagi saya doa lebih bersifat pribadi"),
  ]),
  q("sunday-service", "How often do you go to Sunday service?", "Seberapa sering kamu ikut ibadah Minggu?", [
    a("every-week", "Every week", "Setiap minggu"),
    a("most-weeks", "Most weeks", "Hampir setiap minggu"),
    a("sometimes", "Now and then", "Kadang-kadang"),
    a("rarely", "Rarely", "Jarang"),
  ]),
  q("same-church", "After marriage, should we attend the same church?", "Setelah menikah, apakah kita sebaiknya bergereja di gereja yang sama?", [
    a("yes", "Yes, one church for the family", "Ya, satu gereja untuk satu keluarga"),
    a("either", "Ideally, but we can work it out", "Sebaiknya, tapi bisa dibicarakan"),
    a("no", "Each can keep their own church", "Masing-masing boleh tetap di gerejanya"),
  ]),
  q("cross-denomination", "Would you marry someone from another denomination (for example Catholic and Protestant)?", "Apakah kamu mau menikah dengan orang dari denominasi lain (misalnya Katolik dan Protestan)?", [
    a("yes", "Yes, if we share faith in Jesus", "Ya, asal sama-sama percaya Yesus"),
    a("depends", "It depends on the church", "Tergantung gerejanya"),
    a("no", "No, the same denomination only", "Tidak, harus satu denominasi"),
  ]),
  q("bible-reading", "How often do you read the Bible?", "Seberapa sering kamu membaca Alkitab?", [
    a("daily", "Every day", "Setiap hari"),
    a("weekly", "A few times a week", "Beberapa kali seminggu"),
    a("sometimes", "Sometimes", "Kadang-kadang"),
    a("rarely", "Rarely", "Jarang"),
  ]),
  q("cell-group", "Are you part of a cell group, komsel or Bible study?", "Apakah kamu ikut komsel, persekutuan doa, atau PA?", [
    a("active", "Yes, every week", "Ya, rutin setiap minggu"),
    a("sometimes", "Sometimes", "Kadang-kadang"),
    a("no", "Not at the moment", "Saat ini tidak"),
  ]),
  q("serving", "Do you serve in your church (worship team, Sunday school, ushers…)?", "Apakah kamu melayani di gereja (tim musik, sekolah Minggu, usher…)?", [
    a("yes", "Yes, regularly", "Ya, secara rutin"),
    a("sometimes", "From time to time", "Sesekali"),
    a("no", "No", "Tidak"),
  ]),
  q("faith-first", "Must your partner's faith be the centre of their life?", "Apakah iman pasanganmu harus menjadi pusat hidupnya?", [
    a("yes", "Yes, Jesus comes first", "Ya, Yesus yang utama"),
    a("important", "It is important, together with other things", "Penting, bersama hal-hal lain"),
    a("personal", "Faith is their own business", "Iman itu urusan pribadi masing-masing"),
  ]),
  q("spiritual-leader", "Should the husband lead the family spiritually?", "Apakah suami sebaiknya menjadi pemimpin rohani dalam keluarga?", [
    a("husband", "Yes, the husband leads", "Ya, suami yang memimpin"),
    a("together", "Husband and wife lead together", "Suami dan istri memimpin bersama"),
    a("whoever", "Whoever is stronger at the time", "Siapa saja yang sedang lebih kuat"),
  ]),
  q("family-altar", "Would you hold a family altar (mezbah keluarga) at home?", "Apakah kamu ingin ada mezbah keluarga di rumah?", [
    a("daily", "Yes, every day", "Ya, setiap hari"),
    a("weekly", "Yes, once a week or so", "Ya, kira-kira seminggu sekali"),
    a("no", "Not as a fixed habit", "Tidak harus rutin"),
  ]),
  // Money
  q("tithing", "Do you give a tithe (perpuluhan)?", "Apakah kamu memberi perpuluhan?", [
    a("always", "Yes, always a tenth or more", "Ya, selalu sepersepuluh atau lebih"),
    a("regularly", "I give regularly, not always a tenth", "Saya memberi rutin, tidak selalu sepersepuluh"),
    a("when-can", "When I can", "Kalau ada"),
    a("no", "No", "Tidak"),
  ]),
  q("shared-money", "After marriage, how should we handle money?", "Setelah menikah, bagaimana sebaiknya kita mengatur keuangan?", [
    a("all-shared", "All of it together", "Semuanya digabung"),
    a("mostly-shared", "Mostly together, a little each our own", "Sebagian besar digabung, sedikit untuk masing-masing"),
    a("separate", "Separate, sharing the household costs", "Terpisah, biaya rumah tangga dibagi"),
  ]),
  q("family-support", "Is it right to support your parents and siblings financially after marriage?", "Apakah wajar tetap membantu keuangan orang tua dan saudara setelah menikah?", [
    a("yes", "Yes, it is our duty", "Ya, itu kewajiban kita"),
    a("agreed", "Yes, in amounts we agree on together", "Ya, dengan jumlah yang disepakati bersama"),
    a("emergencies", "Only in emergencies", "Hanya kalau darurat"),
  ]),
  q("debt", "How do you feel about debt (credit cards, paylater, loans)?", "Bagaimana pendapatmu soal utang (kartu kredit, paylater, pinjaman)?", [
    a("avoid", "Avoid it, except perhaps a house", "Dihindari, kecuali mungkin untuk rumah"),
    a("careful", "Fine if it is planned and paid on time", "Boleh kalau terencana dan dibayar tepat waktu"),
    a("normal", "It is a normal part of life", "Hal yang biasa dalam hidup"),
  ]),
  q("saving", "Are you more of a saver or a spender?", "Kamu lebih suka menabung atau membelanjakan?", [
    a("saver", "A saver", "Suka menabung"),
    a("balanced", "Somewhere in between", "Di tengah-tengah"),
    a("spender", "I enjoy spending what I earn", "Saya menikmati apa yang saya hasilkan"),
  ]),
  q("wedding-cost", "What kind of wedding do you hope for?", "Pernikahan seperti apa yang kamu harapkan?", [
    a("simple", "Simple: the blessing and close family", "Sederhana: pemberkatan dan keluarga dekat"),
    a("moderate", "A reception for family and church", "Resepsi untuk keluarga dan jemaat"),
    a("grand", "A big celebration with all the relatives", "Pesta besar bersama seluruh keluarga besar"),
  ]),
  // Marriage and roles
  q("premarital-counselling", "Would you take premarital counselling (bimbingan pranikah) before the wedding?", "Apakah kamu mau ikut bimbingan pranikah sebelum menikah?", [
    a("yes", "Yes, gladly", "Ya, dengan senang hati"),
    a("if-required", "If the church requires it", "Kalau gereja mewajibkan"),
    a("no", "I don't think we need it", "Menurut saya tidak perlu"),
  ]),
  q("divorce", "Is divorce ever an option for you?", "Apakah perceraian pernah menjadi pilihan bagimu?", [
    a("never", "Never", "Tidak pernah"),
    a("extreme", "Only in extreme cases (abuse, unfaithfulness)", "Hanya dalam keadaan ekstrem (kekerasan, perselingkuhan)"),
    a("possible", "If the marriage has really broken down", "Kalau pernikahannya benar-benar tidak bisa dipertahankan"),
  ]),
  q("wife-working", "Should a wife keep working after marriage?", "Apakah istri sebaiknya tetap bekerja setelah menikah?", [
    a("yes", "Yes, if she wants to", "Ya, kalau dia mau"),
    a("until-children", "Until the children come", "Sampai punya anak"),
    a("home", "It is better that she stays at home", "Lebih baik di rumah"),
  ]),
  q("housework", "How should housework be shared?", "Bagaimana sebaiknya pekerjaan rumah dibagi?", [
    a("equal", "Equally", "Sama rata"),
    a("by-time", "By who has more time", "Siapa yang lebih punya waktu"),
    a("wife", "Mostly the wife's", "Sebagian besar tugas istri"),
    a("helper", "We would have a helper (ART)", "Kami akan pakai ART"),
  ]),
  q("decisions", "Who makes the final call on big family decisions?", "Siapa yang mengambil keputusan akhir dalam hal besar di keluarga?", [
    a("husband", "The husband, after listening to his wife", "Suami, setelah mendengar istri"),
    a("together", "We decide together, always", "Selalu diputuskan bersama"),
    a("whoever-knows", "Whoever knows the matter best", "Yang paling paham soal itu"),
  ]),
  q("marriage-when", "When would you like to marry?", "Kapan kamu ingin menikah?", [
    a("within-1", "Within a year", "Dalam setahun"),
    a("1-3", "In one to three years", "Satu sampai tiga tahun lagi"),
    a("no-rush", "No rush: when it is right", "Tidak buru-buru, kalau sudah waktunya"),
  ]),
  q("courtship", "How long should a couple get to know each other before marrying?", "Berapa lama sebaiknya pacaran sebelum menikah?", [
    a("under-1", "Less than a year is enough", "Kurang dari setahun cukup"),
    a("1-2", "One to two years", "Satu sampai dua tahun"),
    a("over-2", "More than two years", "Lebih dari dua tahun"),
  ]),
  q("purity", "Do you believe in waiting until marriage for sex?", "Apakah kamu percaya hubungan seks hanya setelah menikah?", [
    a("yes", "Yes", "Ya"),
    a("no", "No", "Tidak"),
  ]),
  q("remarried", "Would you marry someone who was divorced?", "Apakah kamu mau menikah dengan orang yang pernah bercerai?", [
    a("yes", "Yes", "Ya"),
    a("depends", "It depends on the reason", "Tergantung alasannya"),
    a("no", "No", "Tidak"),
  ]),
  // Children
  q("children", "Do you want children?", "Apakah kamu ingin punya anak?", [
    a("yes", "Yes", "Ya"),
    a("maybe", "Maybe", "Mungkin"),
    a("no", "No", "Tidak"),
  ]),
  q("how-many-children", "How many children would you like?", "Berapa anak yang kamu inginkan?", [
    a("1-2", "One or two", "Satu atau dua"),
    a("3-4", "Three or four", "Tiga atau empat"),
    a("god-gives", "As many as God gives", "Berapa pun yang Tuhan beri"),
    a("none", "None", "Tidak ingin punya anak"),
  ]),
  q("children-faith", "How should children be raised in the faith?", "Bagaimana anak-anak sebaiknya dididik dalam iman?", [
    a("church-school", "Sunday school and a Christian school", "Sekolah Minggu dan sekolah Kristen"),
    a("church", "Sunday school and faith at home, any good school", "Sekolah Minggu dan iman di rumah, sekolah mana saja yang baik"),
    a("choose", "They will choose for themselves", "Biar mereka memilih sendiri"),
  ]),
  q("adoption", "Would you consider adopting a child?", "Apakah kamu terbuka untuk mengadopsi anak?", [
    a("yes", "Yes", "Ya"),
    a("if-needed", "If we could not have our own", "Kalau tidak bisa punya anak sendiri"),
    a("no", "No", "Tidak"),
  ]),
  q("discipline", "Is it right to smack a child as discipline?", "Apakah boleh memukul anak untuk mendisiplinkan?", [
    a("no", "No, never", "Tidak, sama sekali tidak"),
    a("rarely", "Only lightly, as a last resort", "Hanya ringan, sebagai jalan terakhir"),
    a("yes", "Yes, when it is deserved", "Ya, kalau memang pantas"),
  ]),
  // Family and home
  q("live-with-parents", "After marriage, would you live with or near your parents?", "Setelah menikah, apakah kamu mau tinggal bersama atau dekat orang tua?", [
    a("with", "With them, in the same house", "Bersama mereka, satu rumah"),
    a("near", "Near them, in our own house", "Dekat mereka, di rumah sendiri"),
    a("anywhere", "Wherever life takes us", "Di mana saja, mengikuti keadaan"),
  ]),
  q("care-parents", "Would you take your parents in when they are old?", "Apakah kamu akan merawat orang tua di rumah saat mereka sudah tua?", [
    a("yes", "Yes, of course", "Ya, tentu"),
    a("share", "Shared with my siblings", "Bergantian dengan saudara"),
    a("care-home", "A good care home may be better", "Panti wreda yang baik mungkin lebih tepat"),
  ]),
  q("family-say", "How much say should parents have in our choice of partner?", "Seberapa besar peran orang tua dalam memilih pasangan?", [
    a("blessing", "Their blessing is a must", "Restu mereka wajib"),
    a("advice", "I listen to their advice, the choice is mine", "Saya dengar nasihatnya, keputusan di saya"),
    a("mine", "It is my choice alone", "Sepenuhnya pilihan saya"),
  ]),
  q("where-to-live", "Where would you like to live?", "Kamu ingin tinggal di mana?", [
    a("big-city", "A big city (Jakarta, Surabaya, Medan…)", "Kota besar (Jakarta, Surabaya, Medan…)"),
    a("hometown", "My hometown", "Kampung halaman saya"),
    a("anywhere", "Anywhere, even abroad", "Di mana saja, bahkan luar negeri"),
  ]),
  q("move-for-partner", "Would you move to another island for your partner?", "Apakah kamu mau pindah ke pulau lain demi pasangan?", [
    a("yes", "Yes", "Ya"),
    a("maybe", "Maybe, for the right reason", "Mungkin, kalau alasannya tepat"),
    a("no", "No", "Tidak"),
  ]),
  q("culture", "Does your partner's ethnic background (suku) matter to you?", "Apakah suku pasangan penting bagimu?", [
    a("no", "No", "Tidak"),
    a("family", "Not to me, but to my family", "Bagi saya tidak, tapi bagi keluarga saya penting"),
    a("same", "I would prefer the same suku", "Saya lebih suka yang satu suku"),
  ]),
  // Habits
  q("smoking", "Do you smoke (including vape)?", "Apakah kamu merokok (termasuk vape)?", [
    a("never", "Never", "Tidak pernah"),
    a("quitting", "I'm quitting", "Sedang berhenti"),
    a("sometimes", "Sometimes", "Kadang-kadang"),
    a("yes", "Yes", "Ya"),
  ]),
  q("drinking", "Do you drink alcohol?", "Apakah kamu minum minuman beralkohol?", [
    a("never", "Never", "Tidak pernah"),
    a("occasions", "A little at celebrations", "Sedikit saat acara"),
    a("often", "Regularly", "Cukup sering"),
  ]),
  q("social-media", "Should a couple share their relationship on social media?", "Apakah hubungan sebaiknya dibagikan di media sosial?", [
    a("yes", "Yes, gladly", "Ya, tidak masalah"),
    a("some", "A little, keeping most of it private", "Sedikit saja, sebagian besar pribadi"),
    a("no", "No, it is private", "Tidak, itu urusan pribadi"),
  ]),
  q("phone-privacy", "Should a married couple know each other's phone passwords?", "Apakah suami istri sebaiknya saling tahu kata sandi HP?", [
    a("yes", "Yes, nothing to hide", "Ya, tidak ada yang disembunyikan"),
    a("no", "No, trust is enough", "Tidak, cukup saling percaya"),
  ]),
  q("friends-opposite", "Is it fine for a married person to have close friends of the opposite sex?", "Apakah wajar orang yang sudah menikah punya sahabat dekat lawan jenis?", [
    a("yes", "Yes", "Ya"),
    a("group", "Only in a group, with openness", "Hanya dalam kelompok dan terbuka"),
    a("no", "No", "Tidak"),
  ]),
  q("conflict", "When we disagree, what do you do?", "Kalau ada perbedaan pendapat, apa yang kamu lakukan?", [
    a("talk-now", "Talk it through right away", "Langsung dibicarakan"),
    a("cool-down", "Cool down first, then talk", "Tenang dulu, lalu bicara"),
    a("pray-first", "Pray about it first, then talk", "Didoakan dulu, baru dibicarakan"),
  ]),
];

export const QUESTION_COUNT = QUESTIONS.filter((question) => !question.retired).length;

const byId = new Map(QUESTIONS.map((question) => [question.id, question]));

export function findQuestion(id: string): ValuesQuestion | undefined {
  return byId.get(id);
}

/** The questions onboarding offers after the preferences step, in this order. */
export const ONBOARDING_QUESTIONS: readonly ValuesQuestion[] = ONBOARDING_QUESTION_IDS.map((id) => byId.get(id)!);

export const IMPORTANCE_POINTS = { irrelevant: 0, little: 1, somewhat: 10, very: 50, mandatory: 250 } as const;
export type Importance = keyof typeof IMPORTANCE_POINTS;
export const IMPORTANCES = Object.keys(IMPORTANCE_POINTS) as Importance[];

import { describe, expect, it } from "bun:test";
import { scamCaution } from "./scam-guard";

describe("scamCaution", () => {
  it("sees money requests in English", () => {
    for (const text of [
      "Honey could you send me some money for the hospital bill? I will pay you back next week",
      "I need money urgently, my mother is sick",
      "Can you transfer $200 to my account tonight?",
      "Please buy me a Google Play card and send me the code",
      "I have a great crypto investment with guaranteed returns, double your money in a month",
      "What is your bank account number? I want to send you a gift",
      "Western Union is the fastest way, I'll give you the details",
    ]) {
      expect({ text, caution: scamCaution(text) }).toEqual({ text, caution: "money" });
    }
  });

  it("sees money requests in Indonesian, informal spellings included", () => {
    for (const text of [
      "Sayang, bisa tolong tf 500rb dulu? Nanti aku ganti minggu depan",
      "Aku lagi butuh uang buat bayar kos, bisa pinjam 2 juta?",
      "Kirimin duit dong buat ongkos ke Jakarta ketemu kamu",
      "Boleh minta nomor rekening kamu?",
      "Norek aku BCA 1234567890 ya",
      "Top up saldo DANA aku 100rb ya, nanti aku balikin",
      "Ada investasi kripto yang pasti untung, mau ikut?",
      "Aku kena pinjol, tolong bantu sekali ini aja",
    ]) {
      expect({ text, caution: scamCaution(text) }).toEqual({ text, caution: "money" });
    }
  });

  it("sees a push to another app, or a phone number, in both languages", () => {
    for (const text of [
      "Let's continue on WhatsApp, it's easier",
      "Add me on Telegram @danielgod",
      "Chat di wa aja yuk, aku jarang buka aplikasi ini",
      "Ini nomor aku 0812-3456-7890 ya",
      "My number is +62 812 3456 7890",
      "Pindah ke Telegram yuk",
    ]) {
      expect({ text, caution: scamCaution(text) }).toEqual({ text, caution: "off_platform" });
    }
  });

  it("raises nothing for ordinary talk about church, work and family", () => {
    for (const text of [
      "Selamat pagi! Tadi ibadah di gereja seru banget, khotbahnya tentang kasih",
      "I go to church every Sunday with my family",
      "Saya kerja di bank, bagian customer service",
      "I work as a nurse, the night shifts are tiring but I love helping people",
      "Keluarga saya tinggal di Bandung, papa mama sudah pensiun",
      "Our youth group raised funds for the orphanage last Christmas",
      "Mari kita doakan bersama supaya Tuhan tuntun hubungan ini",
      "Favorite verse? 1 Korintus 13:4-7, kasih itu sabar",
      "Aku suka masak rendang, kapan-kapan aku masakin ya",
      "Wah, kamu juga suka worship? Lagu favoritku Way Maker",
      "I was born in 1994 and moved to Surabaya in 2015",
      "Minggu depan ada retreat pemuda, kamu ikut?",
    ]) {
      expect({ text, caution: scamCaution(text) }).toEqual({ text, caution: null });
    }
  });
});

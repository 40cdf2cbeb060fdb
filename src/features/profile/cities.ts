/**
 * Indonesian cities a profile can name as its home. Only each city's centre is known to the app:
 * distances between people are computed from these city-level positions, never from a device
 * location, so no exact position is ever stored or returned.
 *
 * The list covers the largest cities and the regions where many Christians live (North Sumatra's
 * Batak lands, Minahasa, Toraja, Maluku, Flores and Timor, Papua). Safe to import from islands:
 * it has no server dependencies.
 */
export interface City {
  /** Stable slug stored with the profile, e.g. "jakarta". */
  id: string;
  name: string;
  province: string;
  lat: number;
  lng: number;
}

const city = (id: string, name: string, province: string, lat: number, lng: number): City => ({ id, name, province, lat, lng });

export const CITIES: readonly City[] = Object.freeze([
  // Java
  city("jakarta", "Jakarta", "DKI Jakarta", -6.2088, 106.8456),
  city("bekasi", "Bekasi", "Jawa Barat", -6.2383, 106.9756),
  city("depok", "Depok", "Jawa Barat", -6.4025, 106.7942),
  city("bogor", "Bogor", "Jawa Barat", -6.5971, 106.806),
  city("tangerang", "Tangerang", "Banten", -6.1783, 106.6319),
  city("tangerang-selatan", "Tangerang Selatan", "Banten", -6.2886, 106.7179),
  city("serang", "Serang", "Banten", -6.12, 106.1503),
  city("cilegon", "Cilegon", "Banten", -6.0025, 106.0111),
  city("bandung", "Bandung", "Jawa Barat", -6.9175, 107.6191),
  city("cimahi", "Cimahi", "Jawa Barat", -6.8722, 107.5425),
  city("sukabumi", "Sukabumi", "Jawa Barat", -6.9277, 106.93),
  city("tasikmalaya", "Tasikmalaya", "Jawa Barat", -7.3274, 108.2207),
  city("cirebon", "Cirebon", "Jawa Barat", -6.732, 108.5523),
  city("semarang", "Semarang", "Jawa Tengah", -6.9667, 110.4167),
  city("surakarta", "Surakarta (Solo)", "Jawa Tengah", -7.5755, 110.8243),
  city("salatiga", "Salatiga", "Jawa Tengah", -7.3305, 110.5084),
  city("magelang", "Magelang", "Jawa Tengah", -7.4797, 110.2177),
  city("purwokerto", "Purwokerto", "Jawa Tengah", -7.4214, 109.2342),
  city("tegal", "Tegal", "Jawa Tengah", -6.8694, 109.1402),
  city("pekalongan", "Pekalongan", "Jawa Tengah", -6.8886, 109.6753),
  city("yogyakarta", "Yogyakarta", "DI Yogyakarta", -7.7956, 110.3695),
  city("surabaya", "Surabaya", "Jawa Timur", -7.2575, 112.7521),
  city("malang", "Malang", "Jawa Timur", -7.9666, 112.6326),
  city("kediri", "Kediri", "Jawa Timur", -7.848, 112.0178),
  city("madiun", "Madiun", "Jawa Timur", -7.6298, 111.5239),
  city("jember", "Jember", "Jawa Timur", -8.1724, 113.6995),
  // Sumatra
  city("medan", "Medan", "Sumatera Utara", 3.5952, 98.6722),
  city("pematangsiantar", "Pematangsiantar", "Sumatera Utara", 2.9595, 99.0687),
  city("tarutung", "Tarutung", "Sumatera Utara", 2.0167, 98.9667),
  city("balige", "Balige", "Sumatera Utara", 2.3333, 99.0667),
  city("sibolga", "Sibolga", "Sumatera Utara", 1.7427, 98.7792),
  city("gunungsitoli", "Gunungsitoli (Nias)", "Sumatera Utara", 1.2888, 97.6143),
  city("banda-aceh", "Banda Aceh", "Aceh", 5.5483, 95.3238),
  city("padang", "Padang", "Sumatera Barat", -0.9471, 100.4172),
  city("pekanbaru", "Pekanbaru", "Riau", 0.5071, 101.4478),
  city("batam", "Batam", "Kepulauan Riau", 1.0456, 104.0305),
  city("jambi", "Jambi", "Jambi", -1.6101, 103.6131),
  city("palembang", "Palembang", "Sumatera Selatan", -2.9761, 104.7754),
  city("bengkulu", "Bengkulu", "Bengkulu", -3.7928, 102.2608),
  city("bandar-lampung", "Bandar Lampung", "Lampung", -5.3971, 105.2668),
  // Bali and Nusa Tenggara
  city("denpasar", "Denpasar", "Bali", -8.6705, 115.2126),
  city("mataram", "Mataram", "Nusa Tenggara Barat", -8.5833, 116.1167),
  city("kupang", "Kupang", "Nusa Tenggara Timur", -10.1772, 123.607),
  city("ende", "Ende", "Nusa Tenggara Timur", -8.8432, 121.6623),
  city("maumere", "Maumere", "Nusa Tenggara Timur", -8.6199, 122.2111),
  city("labuan-bajo", "Labuan Bajo", "Nusa Tenggara Timur", -8.4964, 119.8877),
  city("atambua", "Atambua", "Nusa Tenggara Timur", -9.1061, 124.8925),
  city("waingapu", "Waingapu (Sumba)", "Nusa Tenggara Timur", -9.6567, 120.2641),
  // Kalimantan
  city("pontianak", "Pontianak", "Kalimantan Barat", -0.0263, 109.3425),
  city("palangka-raya", "Palangka Raya", "Kalimantan Tengah", -2.2161, 113.9135),
  city("banjarmasin", "Banjarmasin", "Kalimantan Selatan", -3.3186, 114.5944),
  city("balikpapan", "Balikpapan", "Kalimantan Timur", -1.2379, 116.8529),
  city("samarinda", "Samarinda", "Kalimantan Timur", -0.5022, 117.1536),
  city("tarakan", "Tarakan", "Kalimantan Utara", 3.3, 117.6333),
  // Sulawesi
  city("makassar", "Makassar", "Sulawesi Selatan", -5.1477, 119.4327),
  city("rantepao", "Rantepao (Toraja Utara)", "Sulawesi Selatan", -2.9694, 119.8981),
  city("makale", "Makale (Tana Toraja)", "Sulawesi Selatan", -3.1, 119.85),
  city("palu", "Palu", "Sulawesi Tengah", -0.8917, 119.8707),
  city("kendari", "Kendari", "Sulawesi Tenggara", -3.9985, 122.513),
  city("gorontalo", "Gorontalo", "Gorontalo", 0.5435, 123.0568),
  city("manado", "Manado", "Sulawesi Utara", 1.4748, 124.8421),
  city("tomohon", "Tomohon", "Sulawesi Utara", 1.323, 124.8405),
  city("tondano", "Tondano", "Sulawesi Utara", 1.3053, 124.9122),
  city("bitung", "Bitung", "Sulawesi Utara", 1.4404, 125.1217),
  // Maluku
  city("ambon", "Ambon", "Maluku", -3.6954, 128.1814),
  city("ternate", "Ternate", "Maluku Utara", 0.7893, 127.3815),
  city("tobelo", "Tobelo", "Maluku Utara", 1.7283, 128.0095),
  // Papua
  city("jayapura", "Jayapura", "Papua", -2.5337, 140.7181),
  city("biak", "Biak", "Papua", -1.176, 136.082),
  city("sorong", "Sorong", "Papua Barat Daya", -0.8762, 131.2558),
  city("manokwari", "Manokwari", "Papua Barat", -0.8615, 134.062),
  city("nabire", "Nabire", "Papua Tengah", -3.359, 135.5007),
  city("timika", "Timika", "Papua Tengah", -4.5467, 136.8833),
  city("wamena", "Wamena", "Papua Pegunungan", -4.0958, 138.9481),
  city("merauke", "Merauke", "Papua Selatan", -8.4932, 140.4018),
]);

const byId = new Map(CITIES.map((entry) => [entry.id, entry]));

export function findCity(id: string): City | undefined {
  return byId.get(id);
}

const earthRadiusKm = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in km between two city centres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

import type { Client } from "@libsql/client";
import { CITIES } from "../../src/features/profile/cities";
import { CHURCHES } from "../../src/features/churches/church-directory";
import { DENOMINATION_KEYS } from "../../src/features/profile/denominations";
import { INTEREST_KEYS } from "../../src/features/profile/interests";
import { QUESTIONS } from "../../src/features/questions/question-bank";

function elapsed(start: number) {
  return `${((performance.now() - start) / 1000).toFixed(1)} s`;
}

/**
 * The benchmarks' community (bench:discovery, bench:load): `users` members (users, profiles in 75
 * cities, one photo row each; every 500th banned; a quarter photo-verified) and `swipesPerUser`
 * swipes each, written directly in SQLite with recursive-CTE bulk inserts. Member i is "u{i}";
 * genders alternate with i. Age, denomination, goal and verification come from unrelated hashes
 * of i, so no combination of Discover filters is empty by construction. 60 % of members answered
 * 10–40 values questions (generateAnswers).
 */
export async function generateMembers(client: Client, options: { users: number; swipesPerUser: number; now: number }): Promise<void> {
  const { users: USERS, swipesPerUser: SWIPES_PER_USER, now } = options;
  let start = performance.now();
  await client.execute("create temp table bench_cities (idx integer primary key, id text, lat real, lng real)");
  await client.batch(
    CITIES.map((city, index) => ({ sql: "insert into bench_cities values (?, ?, ?, ?)", args: [index, city.id, city.lat, city.lng] })),
    "write",
  );
  // Family keys, directory churches (every other member names one) and three interest keys each (docs/decisions/0132).
  const denominations = [...DENOMINATION_KEYS];
  const churchIds = CHURCHES.slice(0, 24).map((church) => church.id);
  const interests = [...INTEREST_KEYS];
  const goals = ["marriage", "serious-relationship", "friendship", "fellowship"];
  const pick = (list: string[], expr: string) => `case ${expr} ${list.map((value, index) => `when ${index} then '${value}'`).join(" ")} end`;
  const series = (n: number) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})`;
  await client.batch(
    [
      `${series(USERS)} insert into users (id, email, first_name, last_name, is_verified, is_admin, plan, is_banned, language, last_active_at, created_at)
        select 'u' || i, 'u' || i || '@bench.local', 'Member' || i, '', 1, 0, 'free', (i % 500 = 0), 'en', ${now} - (i * 7919 % 2592000) * 1000, ${now} - 86400000 from n`,
      `${series(USERS)} insert into profiles (user_id, age, gender, denomination, church_name, faith_testimony, faith_duration, bio, relationship_goals,
          jesus_christ_meaning, search_distance, interests, city, city_lat, city_lng, created_at, updated_at, church_id)
        select 'u' || i, 20 + ((i * 2654435761) % 1000003) % 30, case i % 2 when 0 then 'male' else 'female' end, ${pick(denominations, `((i * 40503) % 65537) % ${denominations.length}`)}, 'Gereja ' || (i % 300),
          'I came to faith as a teenager and have walked with Jesus ever since.', '10+ years', 'I love worship, hiking and good coffee with friends.',
          ${pick(goals, "((i * 7727) % 10007) % 4")}, 'My saviour and my friend.', 50 + (i % 4) * 50, json_array(${pick(interests, `i % ${interests.length}`)}, ${pick(interests, `(i + 7) % ${interests.length}`)}, ${pick(interests, `(i + 19) % ${interests.length}`)}), c.id, c.lat, c.lng, ${now}, ${now},
          case when i % 2 = 0 then ${pick(churchIds, `((i * 97) % 1009) % ${churchIds.length}`)} end
        from n join bench_cities c on c.idx = i % ${CITIES.length}`,
      `${series(USERS)} insert into photos (id, user_id, position, file_name, mime_type, width, height, byte_size, created_at)
        select 'ph' || i, 'u' || i, 0, 'bench-' || i || '.jpg', 'image/jpeg', 800, 800, 50000, ${now} from n`,
    ],
    "write",
  );
  console.log(`  ${USERS.toLocaleString()} users, profiles, photos: ${elapsed(start)}`);
  start = performance.now();
  // Each member swiped SWIPES_PER_USER others at fixed strides (distinct pairs, never themselves).
  const chunk = 10_000;
  for (let from = 1; from <= USERS; from += chunk) {
    const to = Math.min(USERS, from + chunk - 1);
    await client.execute(`with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to}),
      k(j) as (select 1 union all select j + 1 from k where j < ${SWIPES_PER_USER})
      insert into swipes (swiper_id, swiped_id, is_like, is_super_like, created_at)
      select 'u' || i, 'u' || (1 + ((i - 1 + j * 4999) % ${USERS})), ((i + j) % 3 <> 0), ((i + j) % 50 = 0), ${now} - j * 60000
      from n, k`);
  }
  console.log(`  ${(USERS * SWIPES_PER_USER).toLocaleString()} swipes: ${elapsed(start)}`);
  // A quarter of members are photo-verified, for the verified-only filter.
  await client.execute(`update users set photo_verified_at = ${now} where ((cast(substr(id, 2) as integer) * 131) % 1009) % 4 = 0`);
  await generateAnswers(client, USERS, now);
  await client.execute("analyze");
}

/** Share of members who answered values questions, in tenths. */
const ANSWERING_TENTHS = 6;

/**
 * Values answers (docs/decisions/0133): 60 % of members answered 10–40 of the questions, a run of
 * them starting at a place of their own in the list, so any two overlap by chance as real members
 * do. Half the answers are the question's first (members of one faith agree more often than
 * chance), a third accept a second answer too; importance irrelevant 10 %, a little 15 %,
 * somewhat 35 %, very 38 %, mandatory 2 %; nine in ten public.
 */
async function generateAnswers(client: Client, USERS: number, now: number): Promise<void> {
  const start = performance.now();
  const questions = QUESTIONS.filter((question) => !question.retired);
  await client.execute("create temp table bench_questions (idx integer primary key, id text, answers text, n integer)");
  await client.batch(
    questions.map((question, index) => ({ sql: "insert into bench_questions values (?, ?, ?, ?)", args: [index, question.id, JSON.stringify(question.answers.map((answer) => answer.id)), question.answers.length] })),
    "write",
  );
  const count = questions.length;
  const chunk = 20_000;
  for (let from = 1; from <= USERS; from += chunk) {
    const to = Math.min(USERS, from + chunk - 1);
    await client.execute(`with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to}),
      k(j) as (select 0 union all select j + 1 from k where j < 39),
      picked as (
        select i, q.idx, q.id, q.answers, q.n,
          case when ((i * 2246822519 + q.idx * 3266489917) % 1000003) % 2 = 0 then 0 else ((i * 31 + q.idx * 17) % q.n) end as choice,
          ((i * 2654435761 + q.idx * 40503) % 1000003) % 100 as weight
        from n cross join k cross join bench_questions q on q.idx = (j + i * 7) % ${count}
        where ((i * 48271) % 2147483647) % 10 < ${ANSWERING_TENTHS} and j < 10 + ((i * 69069) % 1000003) % 31
      )
      insert into values_answers (user_id, question_id, answer_id, acceptable, importance, is_public, updated_at)
      select 'u' || i, id, json_extract(answers, '$[' || choice || ']'),
        case when (i * 7 + idx * 13) % 3 = 0 then json_array(json_extract(answers, '$[' || choice || ']'), json_extract(answers, '$[' || ((choice + 1) % n) || ']'))
          else json_array(json_extract(answers, '$[' || choice || ']')) end,
        case when weight < 10 then 'irrelevant' when weight < 25 then 'little' when weight < 60 then 'somewhat' when weight < 98 then 'very' else 'mandatory' end,
        (i + idx) % 10 <> 0, ${now}
      from picked`);
  }
  const { rows } = await client.execute("select count(*) as n from values_answers");
  console.log(`  ${Number(rows[0]!.n).toLocaleString()} values answers: ${elapsed(start)}`);
}

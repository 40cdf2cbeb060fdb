/**
 * The baseline of bench/http: the least a Bun server can do per request, a fixed JSON body.
 * Started as its own process so it and the app get the same share of the machine.
 */
const port = Number(process.argv[2] ?? 0);
const body = JSON.stringify({ id: "baseline", email: "bench@example.com", firstName: "Ruth", lastName: "Wijaya" });
const server = Bun.serve({
  port,
  hostname: "127.0.0.1",
  fetch: () => new Response(body, { headers: { "Content-Type": "application/json" } }),
});
console.log(`bare server on ${server.port}`);

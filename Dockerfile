# syntax=docker/dockerfile:1
# Kasih in a container: the build stage compiles the single binary (scripts/build.ts), the
# runtime stage is a slim Debian with that file, CA roots, a non-root user and /data.
#
#   docker build -t kasih .
#   docker run -p 3000:3000 -v kasih-data:/data -e APP_ORIGIN=https://kasih.example.org kasih
#   docker run --rm -v kasih-data:/data kasih admin grant you@example.org

# ---- build: Node for npm (which also installs Bun, a devDependency: npm ci is how the lockfile
# is honoured), on Debian bookworm like the runtime stage: the one native addon the binary embeds,
# the image codec's (@napi-rs/image, scripts/build.ts), is picked for the build machine's libc,
# so a glibc build is what the runtime stage's glibc loads. The database needs no addon (Bun's
# built-in SQLite, docs/decisions/0101).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The smoke test runs the binary's embedded migrations against a throwaway data directory.
RUN npm run build && DATA_DIR=/tmp/kasih-smoke ./dist/kasih migrate && rm -rf /tmp/kasih-smoke

# ---- runtime
FROM debian:bookworm-slim AS runtime
# CA roots for outgoing TLS (SMTP, OAuth providers, payment gateways).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 kasih \
 && useradd --system --uid 10001 --gid kasih --home-dir /data --shell /usr/sbin/nologin kasih \
 && mkdir -p /data \
 && chown kasih:kasih /data
COPY --from=build /app/dist/kasih /usr/local/bin/kasih

ENV DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0 \
    NODE_ENV=production
# The database, uploads, mail outbox and generated secrets. At every start the binary also writes
# the image codec's embedded native addon (about 18 MB) into $TMPDIR (/tmp) to load it from there:
# with --read-only, add --tmpfs /tmp.
VOLUME ["/data"]
WORKDIR /data
USER kasih:kasih
EXPOSE 3000

# No curl in the slim image: bash's /dev/tcp speaks enough HTTP/1.0 for GET /healthz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${PORT:-3000} && printf 'GET /healthz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]

ENTRYPOINT ["/usr/local/bin/kasih"]
CMD ["serve"]

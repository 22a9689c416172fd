# An example image of Lisons (README, "Containers"): the README's own commands, npm ci, npm run
# build and npm run serve, run as the image's non-root user `node`. Not built by CI: these
# machines cannot pull base images. Any Node.js 22.13+ or 24 on Debian will do.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# A local package of the test tools (scripts/openapi-client, decision 051): npm reads it.
COPY scripts/openapi-client/package.json scripts/openapi-client/
# As .ci/run: npm ci refuses this lock file (it lacks other platforms' optional packages,
# npm/cli#4828); npm install then installs the same locked versions.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/lisons
WORKDIR /app
COPY package.json package-lock.json ./
# The server runs as JavaScript compiled by `npm run build` (dist/app): no TypeScript loader,
# no compiler, no test tools here.
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) \
  && npm cache clean --force
COPY . .
COPY --from=build /app/dist ./dist
# The embedded database (without DATABASE_URL) and the unsent e-mails live here: mount a volume.
RUN mkdir -p /var/lib/lisons && chown node:node /var/lib/lisons
USER node
VOLUME /var/lib/lisons
EXPOSE 3000
# /readyz: the database answers and the process is not shutting down (503 from SIGTERM on).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "run", "serve"]

# One image for every TitleLedger service; docker-compose.yml picks the command.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY projections/package.json projections/
COPY ledger/package.json ledger/
COPY contracts/package.json contracts/
COPY web/package.json web/
COPY test/package.json test/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --force

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "api/dist/main.js"]

# Image for compose.yaml: the same image runs the API (`node scripts/start.mjs`) and workers
# (`node --import tsx scripts/worker.ts`).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# npm ci runs the postinstall script, which patches installed packages (scripts/patch-deps.mjs).
COPY scripts/patch-deps.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx next build
EXPOSE 3000
CMD ["node", "scripts/start.mjs"]

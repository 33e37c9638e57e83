# Production image: builds contracts, server and client, then runs the server (which serves the client).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.json tsconfig.base.json ./
COPY contracts/package.json contracts/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci
COPY contracts contracts
COPY server server
COPY client client
# The proof-of-liabilities page shows the stock-Python verifier of the docs word for word.
COPY docs/verify-liabilities.py docs/
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/contracts/package.json contracts/package.json
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/server/package.json server/package.json
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
USER node
EXPOSE 3000
CMD ["node", "server/dist/main.js"]

# The Firebase Auth Emulator, for a deployment without real Firebase (the `emulator` profile).
#   docker build -f packages/identity/emulator.Dockerfile -t second-gear/auth-emulator .
FROM node:24-slim
WORKDIR /app
COPY . .
# `npm install` (it follows package-lock.json) rather than `npm ci`, for the reason .ci/run gives.
RUN npm install --no-audit --no-fund
ENV AUTH_EMULATOR_HOST=0.0.0.0 AUTH_EMULATOR_PORT=9099 AUTH_EMULATOR_DATA=/data
VOLUME /data
EXPOSE 9099
CMD ["node", "packages/identity/src/emulator-main.ts"]

/** Chromium with its fake microphone (the editor's recorders): `test.use(FAKE_MICROPHONE)` in a spec. */
export const FAKE_MICROPHONE = {
  launchOptions: {
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-dev-shm-usage",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
};

// The web app's import zones (see the root eslint.config.js).
export default [];

// The card room's page components by game name, as the registry names the games: the frame's
// game picks which one draws it. Adding a game is adding its component here.
import { durak } from "./durak.js";
import { president } from "./president.js";
import { soloWhist } from "./solo-whist.js";

export const PAGES = { "solo-whist": soloWhist, durak, president };

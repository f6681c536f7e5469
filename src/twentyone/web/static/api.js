// The HTTP side of the protocol: presets, creating a room, a room's settings, the hint.
// Every refusal carries a message written for a player; it is thrown as that message.

async function json(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = body && body.message ? body.message : `The server answered ${response.status}.`;
    const err = new Error(message);
    err.status = response.status;
    throw err;
  }
  return body;
}

export const presets = () => fetch("/api/presets").then(json);

export const createRoom = (body) => fetch("/api/rooms", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
}).then(json);

export const room = (code) => fetch(`/api/rooms/${encodeURIComponent(code)}`).then(json);

export const hint = (code, token) =>
  fetch(`/api/rooms/${encodeURIComponent(code)}/hint?token=${encodeURIComponent(token)}`).then(json);

export const downloadUrl = (code, file, token) =>
  `/api/rooms/${encodeURIComponent(code)}/${file}?token=${encodeURIComponent(token)}`;

// The coach beside this seat (docs/web.md#the-coach): ``rest`` is "" (sit it down, with a
// body), "/advice", "/played", "/between", "/count" or "/end"; a body makes it a POST.
export const coach = ({ code, token, rest }, body) =>
  fetch(`/api/rooms/${encodeURIComponent(code)}/coach${rest}?token=${encodeURIComponent(token)}`,
    body === undefined ? {} : {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    }).then(json);

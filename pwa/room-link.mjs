// The link between devices for "play with friends on their own devices": WebRTC data channels
// through PeerJS, whose broker only introduces the devices (ARCHITECTURE.md, "Friends on other devices").
//
// Loaded by the page with a dynamic import() when a room opens or a guest joins, never at boot:
// `./pwa/room-link.mjs` relative to the page, in the working tree and in the built site alike.
// PeerJS (vendor/peerjs/peerjs.min.js, a classic script that sets window.peerjs) is added to the
// page on first use; the QR code generator (vendor/qrcode/qrcode.mjs) is imported with this module.
//
// The Python side (ui/friends/) calls this with plain strings and gets plain strings back:
// messages are JSON text, one object per message, never parsed here. Callbacks may be Pyodide
// proxies: they are called with strings and numbers only, and a callback that throws is reported
// with console.warn and never breaks the link.
//
//   brokerOptions(url)              "" -> {} (PeerJS's public broker), "http://h:9000/" ->
//                                   {host, port, path, secure}; throws for a URL that is not http(s)
//   openRoom(code, settings, on)    the host: resolves to {send(connId, text), drop(connId), close()}
//                                   once registered at the broker as "five-checks-<code>"
//   joinRoom(code, settings, on)    a guest: {send(text), close()} at once (also awaitable, for
//                                   a caller that awaits it); connects, and reconnects, by itself
//                                   until close()
//   qrDataUrl(text)                 an SVG data URL of the QR code of text (level M, quiet zone)
//
// send() says false when the channel is not open, or for a message larger than it takes (256 KiB
// in Chromium: refused with a warning rather than losing the channel). The host's on.closed(connId)
// comes once for each connection that on.connected announced, whoever ended it (drop() too);
// after close() no callback comes at all.
//
// settings: {broker: "<http(s) URL>" or "" (the public broker), iceServers: [{urls, username?,
// credential?}, ...] or null (a public STUN server), takenWaitMs (optional, the host's wait for
// a room code in use, 20000)}; a plain object, a Map, or a Pyodide proxy of a dict.
//
// A dead channel is noticed from its RTCPeerConnection's state (PeerJS may never say "close" when
// the other device just vanishes): "disconnected", "failed" or "closed" ends it.

import qrcode from "../vendor/qrcode/qrcode.mjs";

/** Every room's PeerJS id is this plus the room code in lower case. */
const ROOM_PREFIX = "five-checks-";
/** PeerJS's browser bundle, relative to the page. */
const PEERJS_SCRIPT = "./vendor/peerjs/peerjs.min.js";
/** iceServers null: a public STUN server (enough on most home networks; TURN is the caller's). */
const DEFAULT_ICE_SERVERS = [{ urls: "stun:stun.l.google.com:19302" }];
/** How long the host keeps asking for its room's id while the broker says it is taken (its own
 * previous page, just reloaded, whose socket lingers). settings.takenWaitMs overrides it. */
const TAKEN_WAIT_MS = 20000;
/** A broker that has not answered a registration within this long is not reachable. */
const REGISTER_TIMEOUT_MS = 10000;
/** A guest's attempt that has neither opened nor failed by then is abandoned and retried
 * (longer than the broker's wait for an absent peer, 5 s with `peer`'s defaults). */
const ATTEMPT_TIMEOUT_MS = 15000;
/** The host closes a guest's connection that has not opened by then. */
const HOST_OPEN_TIMEOUT_MS = 30000;
/** Guests retry after 0.5 s, then 1, 2, 4, 4, ... seconds. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 4000;
/** The host, having lost the broker, asks again after 1 s, then 2, 4, 4, ... seconds. */
const BROKER_RETRY_FIRST_MS = 1000;
const BROKER_RETRY_MAX_MS = 4000;
const DEAD_STATES = new Set(["disconnected", "failed", "closed"]);
const NETWORK_ERRORS = new Set(["network", "socket-error", "socket-closed", "server-error",
  "ssl-unavailable", "invalid-key"]);

// ----------------------------------------------------------------------------- settings

/** PeerJS's broker options for a broker URL: {} for "" (PeerJS's public broker). */
export function brokerOptions(url) {
  if (url === undefined || url === null || String(url).trim() === "") return {};
  const text = String(url).trim();
  let parsed;
  try {
    parsed = new URL(text);
  } catch (error) {
    throw new Error(`the broker address "${text}" is not a web address (http://… or https://…)`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`the broker address "${text}" is not an http:// or https:// address`);
  }
  if (!parsed.hostname) throw new Error(`the broker address "${text}" names no host`);
  const secure = parsed.protocol === "https:";
  const port = parsed.port ? Number(parsed.port) : secure ? 443 : 80;
  const path = parsed.pathname.endsWith("/") ? parsed.pathname : `${parsed.pathname}/`;
  return { host: parsed.hostname, port, path, secure };
}

/** settings[key], whether settings is a plain object, a Map or a Pyodide proxy of a dict. */
function field(settings, key) {
  if (settings === undefined || settings === null) return undefined;
  if (settings instanceof Map) return settings.get(key);
  const value = settings[key];
  if (value !== undefined) return value;
  if (typeof settings.get === "function") {
    try {
      return settings.get(key);
    } catch (error) {
      return undefined;
    }
  }
  return undefined;
}

/** A JSON-like value as plain JS: Pyodide proxies converted, Maps made objects. */
function plain(value) {
  if (value === undefined || value === null) return value;
  if (typeof value.toJs === "function") {
    return plain(value.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false }));
  }
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [k, plain(v)]));
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

function iceServersOf(settings) {
  const given = plain(field(settings, "iceServers"));
  if (given === undefined || given === null) return DEFAULT_ICE_SERVERS;
  if (!Array.isArray(given)) throw new Error("iceServers must be a list of {urls, username, credential}");
  return given.map((server) => {
    const entry = { urls: server.urls };
    if (server.username !== undefined && server.username !== null) entry.username = String(server.username);
    if (server.credential !== undefined && server.credential !== null) entry.credential = String(server.credential);
    return entry;
  });
}

/** The options of a Peer: the broker, the ICE servers, PeerJS silent (its expected failures
 * would otherwise be console errors). */
function peerOptions(settings) {
  return { ...brokerOptions(field(settings, "broker")), debug: 0,
           config: { iceServers: iceServersOf(settings) } };
}

/** The broker, in words, for a status detail. */
function brokerName(settings) {
  const url = field(settings, "broker");
  return url ? `the broker at ${String(url).trim()}` : "the public PeerJS broker (0.peerjs.com)";
}

function roomPeerId(code) {
  const id = ROOM_PREFIX + String(code ?? "").trim().toLowerCase();
  // PeerJS's rule for ids: letters and digits, single dashes or underscores between them.
  if (!/^[a-z0-9]+(?:[_-][a-z0-9]+)*$/.test(id)) {
    throw new Error(`the room code "${code}" cannot be used: letters and digits only`);
  }
  return id;
}

function randomId(prefix) {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return prefix + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function noWebRTC() {
  return typeof RTCPeerConnection === "undefined"
    ? "this browser cannot make WebRTC connections (RTCPeerConnection is missing)" : null;
}

// ----------------------------------------------------------------------------- callbacks

/** The callbacks of `on` (object, Map or Pyodide proxy), each called safely. */
function callbacks(on, names) {
  const found = {};
  for (const name of names) {
    let fn;
    try {
      fn = field(on, name);
    } catch (error) {
      fn = undefined;
    }
    found[name] = (...args) => {
      if (typeof fn !== "function") return;
      try {
        fn(...args);
      } catch (error) {
        console.warn(`room-link: the ${name} callback failed:`, error);
      }
    };
  }
  return found;
}

// ----------------------------------------------------------------------------- PeerJS

let peerjsLoading = null;

/** PeerJS's Peer class, its script added to the page on first use. */
function loadPeerJS() {
  if (globalThis.peerjs?.Peer) return Promise.resolve(globalThis.peerjs.Peer);
  if (!peerjsLoading) {
    peerjsLoading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(PEERJS_SCRIPT, document.baseURI).href;
      script.async = true;
      script.onload = () => {
        if (globalThis.peerjs?.Peer) resolve(globalThis.peerjs.Peer);
        else reject(new Error(`${script.src} did not define PeerJS`));
      };
      script.onerror = () => {
        peerjsLoading = null; // a later call tries again (the network may be back)
        script.remove();
        reject(new Error(`PeerJS could not be loaded from ${script.src}`));
      };
      document.head.append(script);
    });
  }
  return peerjsLoading;
}

/** Text of a received message (a string; bytes from another client are read as UTF-8). */
function textOf(data) {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return String(data);
}

/** Calls `dead()` once the connection's RTCPeerConnection is disconnected, failed or closed;
 * returns a function that stops watching. */
function watchPeerConnection(connection, dead) {
  const pc = connection.peerConnection;
  if (!pc) return () => {};
  const check = () => {
    if (DEAD_STATES.has(pc.connectionState) || DEAD_STATES.has(pc.iceConnectionState)) dead();
  };
  pc.addEventListener("connectionstatechange", check);
  pc.addEventListener("iceconnectionstatechange", check);
  return () => {
    pc.removeEventListener("connectionstatechange", check);
    pc.removeEventListener("iceconnectionstatechange", check);
  };
}

function channelOpen(connection) {
  return connection?.dataChannel?.readyState === "open";
}

/** Send `text` on an open connection: false (and a warning) for a message larger than the channel
 * takes (Chromium: 256 KiB), which the browser would refuse by closing the channel. */
function sendText(connection, text) {
  const max = connection.peerConnection?.sctp?.maxMessageSize;
  if (max && text.length * 3 > max && new TextEncoder().encode(text).length > max) {
    console.warn(`room-link: a message of ${text.length} characters is larger than the channel takes (${max} bytes); not sent`);
    return false;
  }
  connection.send(text);
  return true;
}

// ----------------------------------------------------------------------------- the host

/**
 * Open the room `code` on this device (the host). Resolves to {send(connId, text) -> boolean,
 * drop(connId), close()} once the broker has registered it; rejects with Error(detail) when it
 * gives up (on.status("failed", detail) is called too).
 *
 * on.status(state, detail): "open" | "broker-lost" | "failed"; on.connected(connId),
 * on.message(connId, text), on.closed(connId): a guest's data channel opened, brought a
 * message, closed (for whatever reason, drop() included; only for channels that opened).
 */
export async function openRoom(code, settings, on) {
  const call = callbacks(on, ["status", "connected", "message", "closed"]);
  let id, options, Peer;
  try {
    id = roomPeerId(code);
    options = peerOptions(settings);
    const missing = noWebRTC();
    if (missing) throw new Error(missing);
    Peer = await loadPeerJS();
  } catch (error) {
    call.status("failed", error.message);
    throw error;
  }
  const taken = Number(field(settings, "takenWaitMs") ?? TAKEN_WAIT_MS);
  const room = new HostRoom(Peer, id, String(code), options, brokerName(settings), taken, call);
  return room.start();
}

class HostRoom {
  constructor(Peer, id, code, options, where, takenWaitMs, call) {
    Object.assign(this, { Peer, id, code, options, where, takenWaitMs, call });
    this.peer = null;
    this.connections = new Map(); // connId -> {connection, connected, gone, unwatch, timer}
    this.everOpen = false;
    this.closed = false;
    this.stopped = false; // failed: no more asking the broker
    this.lost = false; // the broker connection dropped after the room was open
    this.quiet = false; // our own disconnect(), not a loss
    this.registerTimer = null;
    this.retryTimer = null;
    this.brokerDelay = BROKER_RETRY_FIRST_MS;
    this.takenSince = null;
  }

  start() {
    return new Promise((resolve, reject) => {
      this.opened = resolve;
      this.refused = reject;
      this.register();
    });
  }

  /** A new Peer under the room's id: the first time, and after the broker said the id is taken
   * before the room was ever open (PeerJS then destroys the Peer). */
  register() {
    if (this.closed || this.stopped) return;
    const old = this.peer;
    this.peer = null;
    if (old) old.destroy();
    const peer = new this.Peer(this.id, this.options);
    this.peer = peer;
    peer.on("open", () => peer === this.peer && this.registered());
    peer.on("connection", (connection) => peer === this.peer && this.accept(connection));
    peer.on("error", (error) => peer === this.peer && this.peerError(error));
    peer.on("disconnected", () => peer === this.peer && !this.quiet && this.disconnected());
    this.awaitRegistration();
  }

  later(fn, delay) {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed && !this.stopped) fn();
    }, delay);
  }

  /** A broker that does not answer a registration (a socket that never opens) is unreachable. */
  awaitRegistration() {
    clearTimeout(this.registerTimer);
    this.registerTimer = setTimeout(() => {
      if (this.closed || this.stopped) return;
      if (!this.everOpen) this.fail(`${this.where} does not answer`);
      else this.brokerLost();
    }, REGISTER_TIMEOUT_MS);
  }

  registered() {
    clearTimeout(this.registerTimer);
    if (this.closed || this.stopped) return;
    this.takenSince = null;
    this.brokerDelay = BROKER_RETRY_FIRST_MS;
    this.lost = false;
    this.call.status("open", `room ${this.code} is open at ${this.where}`);
    if (!this.everOpen) {
      this.everOpen = true;
      this.opened(this.handle());
    }
  }

  peerError(error) {
    if (this.closed || this.stopped) return;
    const type = error?.type;
    if (type === "unavailable-id") {
      // Someone holds the id: most likely this device's previous page, whose socket the broker
      // has not seen close yet. Ask again for a while.
      const now = Date.now();
      this.takenSince ??= now;
      if (now - this.takenSince >= this.takenWaitMs) {
        this.fail(`the room code ${this.code} is in use at ${this.where}`);
      } else if (!this.everOpen) {
        clearTimeout(this.registerTimer);
        this.later(() => this.register(), 1000);
      } else {
        this.brokerLost();
      }
    } else if (NETWORK_ERRORS.has(type)) {
      if (!this.everOpen) {
        const why = type === "server-error" && error.message ? ` (${error.message})` : "";
        this.fail(`${this.where} cannot be reached${why}`);
      } else {
        this.brokerLost();
      }
    } else if (type === "browser-incompatible") {
      this.fail("this browser cannot make WebRTC connections");
    } else if (type === "invalid-id") {
      this.fail(`the room code "${this.code}" cannot be used: letters and digits only`);
    }
    // "peer-unavailable", "webrtc", "disconnected": about one connection, which ends by itself.
  }

  disconnected() {
    if (this.everOpen) this.brokerLost();
  }

  /** The broker connection dropped after the room was open: the guests' channels stay open;
   * reconnect to the broker (the same Peer, id and token) with backoff. */
  brokerLost() {
    if (this.closed || this.stopped) return;
    clearTimeout(this.registerTimer);
    if (!this.lost) {
      this.lost = true;
      this.call.status("broker-lost", `lost ${this.where}; reconnecting (guests already here stay connected)`);
    }
    if (this.retryTimer !== null) return; // a reconnection is already due
    const delay = this.brokerDelay;
    this.brokerDelay = Math.min(this.brokerDelay * 2, BROKER_RETRY_MAX_MS);
    this.later(() => this.reconnectBroker(), delay);
  }

  reconnectBroker() {
    const peer = this.peer;
    if (!peer || peer.destroyed) {
      this.register(); // its connections are gone with it anyway
      return;
    }
    this.quiet = true;
    try {
      if (!peer.disconnected) peer.disconnect(); // a socket stuck connecting: start over
      peer.reconnect();
    } catch (error) {
      this.quiet = false;
      this.brokerLost();
      return;
    }
    this.quiet = false;
    this.awaitRegistration();
    // A broker that still knew this peer (its old socket not yet seen closed) takes the new
    // socket without saying "open": a socket still open 2 s later counts as registered.
    setTimeout(() => {
      if (this.closed || peer !== this.peer || !this.lost) return;
      if (!peer.disconnected && peer.socket?._socket?.readyState === 1) this.registered();
    }, 2000);
  }

  /** Give up: on.status("failed"), and before the room was ever open the promise rejects.
   * After that, the guests' channels already open keep working until they close. */
  fail(detail) {
    if (this.closed || this.stopped) return;
    this.stopped = true;
    clearTimeout(this.registerTimer);
    clearTimeout(this.retryTimer);
    if (!this.everOpen) this.shutdown();
    this.call.status("failed", detail);
    this.refused(new Error(detail));
  }

  accept(connection) {
    if (this.closed) {
      connection.close();
      return;
    }
    const connId = connection.connectionId;
    const entry = { connection, connected: false, gone: false, unwatch: () => {}, timer: null };
    this.connections.set(connId, entry);
    const connected = () => {
      if (entry.connected || entry.gone) return;
      entry.connected = true;
      clearTimeout(entry.timer);
      this.call.connected(connId);
    };
    connection.on("open", connected);
    connection.on("data", (data) => {
      if (entry.gone) return;
      connected(); // a message never comes before its channel's open, but just in case
      this.call.message(connId, textOf(data));
    });
    connection.on("close", () => this.gone(connId));
    connection.on("error", () => {}); // a failed negotiation closes the connection as well
    entry.unwatch = watchPeerConnection(connection, () => this.gone(connId));
    entry.timer = setTimeout(() => entry.connected || this.gone(connId), HOST_OPEN_TIMEOUT_MS);
  }

  gone(connId) {
    const entry = this.connections.get(connId);
    if (!entry || entry.gone) return;
    entry.gone = true;
    this.connections.delete(connId);
    clearTimeout(entry.timer);
    entry.unwatch();
    try {
      entry.connection.close();
    } catch (error) { /* already closed */ }
    if (entry.connected && !this.closed) this.call.closed(connId);
  }

  handle() {
    return {
      send: (connId, text) => {
        const entry = this.connections.get(String(connId));
        if (this.closed || !entry || !entry.connected || entry.gone || !channelOpen(entry.connection)) {
          return false;
        }
        return sendText(entry.connection, String(text));
      },
      drop: (connId) => this.gone(String(connId)),
      close: () => this.close(),
    };
  }

  shutdown() {
    clearTimeout(this.registerTimer);
    clearTimeout(this.retryTimer);
    for (const connId of [...this.connections.keys()]) this.gone(connId);
    const peer = this.peer;
    this.peer = null;
    if (peer) peer.destroy();
  }

  close() {
    if (this.closed) return;
    this.closed = true; // no callback after this
    this.shutdown();
  }
}

// ----------------------------------------------------------------------------- a guest

/**
 * Join the room `code` (a guest). Returns {send(text) -> boolean, close()} at once, without
 * waiting for the connection; the returned object is also awaitable (it resolves to the same two
 * functions), for a caller that awaits it.
 *
 * on.status(state, detail): "connecting" (the first attempt), "connected", "reconnecting" (the
 * channel closed or could not open, or the broker cannot be reached: retrying by itself after
 * 0.5 s, doubling to 4 s, until close()), "unreachable" (the broker knows no such room: retrying
 * the same way), "failed" (a bad broker address or no WebRTC: no retry). on.message(text).
 */
export function joinRoom(code, settings, on) {
  const call = callbacks(on, ["status", "message"]);
  const guest = new GuestLink(code, settings, call);
  const handle = { send: (text) => guest.send(text), close: () => guest.close() };
  guest.start();
  return { ...handle, then: (resolve) => resolve(handle) };
}

class GuestLink {
  constructor(code, settings, call) {
    this.code = String(code);
    this.settings = settings;
    this.call = call;
    this.where = brokerName(settings);
    this.peer = null;
    this.connection = null; // the open one
    this.closed = false;
    this.lastStatus = null;
    this.abort = null; // ends the current wait (close())
    this.onPeerError = null; // the current attempt's or registration's
  }

  status(state, detail) {
    if (this.closed) return;
    const key = `${state}\n${detail}`;
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    this.call.status(state, detail);
  }

  async start() {
    await Promise.resolve(); // statuses come after the caller has its handle
    try {
      this.hostId = roomPeerId(this.code);
      this.options = peerOptions(this.settings);
      const missing = noWebRTC();
      if (missing) throw new Error(missing);
    } catch (error) {
      this.status("failed", error.message);
      this.closed = true;
      return;
    }
    this.status("connecting", `looking for room ${this.code} at ${this.where}`);
    let delay = RETRY_FIRST_MS;
    while (!this.closed) {
      const outcome = await this.attempt();
      if (this.closed) break;
      if (outcome === "lost") {
        delay = RETRY_FIRST_MS;
        this.status("reconnecting", "the connection to the host closed; reconnecting");
      } else if (outcome === "unavailable") {
        this.status("unreachable", `no room ${this.code} at ${this.where} (the host may be away); retrying`);
      } else if (outcome === "broker") {
        this.status("reconnecting", `${this.where} cannot be reached; retrying`);
      } else if (outcome === "no-peerjs") {
        this.status("reconnecting", "PeerJS could not be loaded; retrying");
      } else {
        this.status("reconnecting", "the connection to the host could not open; retrying");
      }
      await this.sleep(delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    }
  }

  sleep(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.abort = done;
    });
  }

  /** This guest's Peer, registered at the broker (a new one, with a new id, whenever the last
   * lost the broker: the guest's id matters to nobody), or null. */
  async brokerPeer() {
    if (this.peer && this.peer.open && !this.peer.disconnected && !this.peer.destroyed) return this.peer;
    if (this.peer) this.peer.destroy();
    this.peer = null;
    let Peer;
    try {
      Peer = await loadPeerJS();
    } catch (error) {
      return "no-peerjs";
    }
    if (this.closed) return null;
    const peer = new Peer(randomId("five-checks-guest-"), this.options);
    this.peer = peer;
    peer.on("error", (error) => peer === this.peer && this.onPeerError?.(error));
    return new Promise((resolve) => {
      const done = (result) => {
        clearTimeout(timer);
        this.onPeerError = null;
        this.abort = null;
        resolve(result);
      };
      const timer = setTimeout(() => done(null), REGISTER_TIMEOUT_MS);
      peer.on("open", () => done(peer));
      this.onPeerError = (error) => {
        if (error?.type !== "peer-unavailable") done(null);
      };
      this.abort = () => done(null);
    });
  }

  /** One attempt to reach the host: resolves to "lost" (was connected, then closed),
   * "unavailable" (no such peer at the broker), "broker", "failed" or "closed". */
  async attempt() {
    const peer = await this.brokerPeer();
    if (this.closed) return "closed";
    if (peer === "no-peerjs") return "no-peerjs";
    if (!peer) return "broker";
    return new Promise((resolve) => {
      let connection;
      try {
        connection = peer.connect(this.hostId, { reliable: true, serialization: "raw" });
      } catch (error) {
        connection = undefined;
      }
      if (!connection) {
        resolve("broker");
        return;
      }
      let opened = false;
      let settled = false;
      let unwatch = () => {};
      const settle = (outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        unwatch();
        this.onPeerError = null;
        this.abort = null;
        if (this.connection === connection) this.connection = null;
        try {
          connection.close();
        } catch (error) { /* already closed */ }
        resolve(outcome);
      };
      const timer = setTimeout(() => settle("failed"), ATTEMPT_TIMEOUT_MS);
      this.abort = () => settle("closed");
      this.onPeerError = (error) => {
        if (opened) return; // the broker dropping does not end an open channel
        if (error?.type === "peer-unavailable") settle("unavailable");
        else if (NETWORK_ERRORS.has(error?.type) || error?.type === "disconnected") settle("broker");
      };
      connection.on("open", () => {
        if (settled) return;
        opened = true;
        clearTimeout(timer);
        this.connection = connection;
        this.status("connected", `in room ${this.code}`);
      });
      connection.on("data", (data) => {
        if (!settled) this.call.message(textOf(data));
      });
      connection.on("close", () => settle(opened ? "lost" : "failed"));
      connection.on("error", () => {}); // a failed negotiation closes the connection as well
      unwatch = watchPeerConnection(connection, () => settle(opened ? "lost" : "failed"));
    });
  }

  send(text) {
    if (this.closed || !channelOpen(this.connection)) return false;
    return sendText(this.connection, String(text));
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    const abort = this.abort;
    this.abort = null;
    abort?.();
    this.connection = null;
    if (this.peer) this.peer.destroy();
    this.peer = null;
  }
}

// ----------------------------------------------------------------------------- the QR code

/** An SVG data URL of the QR code of `text` (UTF-8, error correction M, a 4-module quiet zone),
 * for <img src>. */
export function qrDataUrl(text) {
  // Byte mode: the generator takes each char code's low byte, so hand it the UTF-8 bytes.
  const bytes = new TextEncoder().encode(String(text));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const qr = qrcode(0, "M"); // 0: the smallest version that holds the text
  qr.addData(binary, "Byte");
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 4, margin: 16 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

// The install pages' kits (/settings/install-mobile, /settings/install-cms): the WordPress plugin's
// download, and code for apps that draw their own chat on the messaging API (REST) and receive
// agents' replies over STOMP on /ws. Plain strings and functions, no zod: the dashboard's install
// chunk and the server's zip builder share them.

export const INSTALL_KIT_PATHS = {
  /** A WordPress plugin zip holding the caller's application id and this server's address. */
  wordpressPlugin: '/api/install/wordpress-plugin',
} as const;

/** The file name of the plugin's zip and its folder inside (WordPress installs it under that name). */
export const WORDPRESS_PLUGIN_SLUG = 'convo-chat';

/**
 * The calls an app makes, in order, as the native samples write them and the install pages'
 * "send a test event" makes them: register the customer (their password is the app's secret for
 * them), open a support conversation (type 10), send the customer's message; replies arrive on the
 * STOMP topic named by the registration's userKey.
 */
export const NATIVE_CALLS = {
  register: '/rest/ws/register/client',
  createConversation: '/rest/ws/group/v2.1/create',
  send: '/rest/ws/message/send',
  socket: '/ws',
} as const;

/** The support conversation type of the messaging family (a customer with the team). */
export const SUPPORT_CONVERSATION_TYPE = 10;

/** The platforms the install pages can send a test event for. */
export const INSTALL_TEST_PLATFORMS = [
  'wordpress',
  'shopify',
  'wix',
  'squarespace',
  'gtm',
  'android',
  'ios',
  'react-native',
  'flutter',
] as const;
export type InstallTestPlatform = (typeof INSTALL_TEST_PLATFORMS)[number];

export interface NativeSampleInput {
  /** Where the app reaches this server, e.g. https://chat.example.com. */
  origin: string;
  appId: string;
}

const q = (value: string) => JSON.stringify(value);
const socketUrl = (origin: string) => origin.replace(/^http/, 'ws') + NATIVE_CALLS.socket;

/** The STOMP frames every sample writes (NUL-terminated; STOMP 1.1). */
function stompFrames(lang: 'kotlin' | 'swift' | 'js' | 'dart'): { connect: string; subscribe: string } {
  const nul = lang === 'swift' ? '\\0' : '\\u0000';
  const interp = (name: string) =>
    lang === 'kotlin'
      ? `$${name}`
      : lang === 'swift'
        ? `\\(${name})`
        : lang === 'dart'
          ? `$${name}`
          : `\${${name}}`;
  return {
    connect: `CONNECT\\naccept-version:1.1\\nlogin:${interp('appId')}\\npasscode:${interp('token')}\\nheart-beat:0,0\\n\\n${nul}`,
    subscribe: `SUBSCRIBE\\nid:me\\ndestination:/topic/${interp('userKey')}\\n\\n${nul}`,
  };
}

export function androidNativeSample({ origin, appId }: NativeSampleInput): string {
  const f = stompFrames('kotlin');
  return `// Kotlin + OkHttp (implementation("com.squareup.okhttp3:okhttp:4.12.0")): your own chat screen.
// Call register(), startConversation() and send() off the main thread.
import okhttp3.*
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.RequestBody.Companion.toRequestBody
import org.json.JSONObject

class ConvoChat(private val userId: String, private val password: String) {
    private val server = ${q(origin)}
    private val appId = ${q(appId)}
    private val http = OkHttpClient()
    private var token = ""
    private var userKey = ""

    private fun post(path: String, body: JSONObject): JSONObject {
        val request = Request.Builder().url(server + path)
            .header("Application-Key", appId)
            .apply { if (token.isNotEmpty()) header("X-Authorization", token) }
            .post(body.toString().toRequestBody("application/json".toMediaType()))
            .build()
        http.newCall(request).execute().use { return JSONObject(it.body!!.string()) }
    }

    /** 1. The customer: keep userId and password on the device (the password is theirs alone). */
    fun register() {
        val answer = post(${q(NATIVE_CALLS.register)}, JSONObject()
            .put("applicationId", appId).put("userId", userId)
            .put("password", password).put("authenticationTypeId", 1).put("deviceType", 1))
        token = answer.getString("authToken")
        userKey = answer.getString("userKey")
    }

    /** 2. A support conversation; its id is the groupId of its messages. */
    fun startConversation(title: String): Long =
        post(${q(NATIVE_CALLS.createConversation)}, JSONObject().put("groupName", title).put("type", ${SUPPORT_CONVERSATION_TYPE}))
            .getJSONObject("response").getLong("id")

    /** 3. The customer's message. */
    fun send(groupId: Long, text: String) {
        post(${q(NATIVE_CALLS.send)}, JSONObject().put("groupId", groupId).put("message", text))
    }

    /** 4. Agents' replies as they are sent (STOMP 1.1 over a WebSocket). */
    fun listen(onFrame: (String) -> Unit): WebSocket =
        http.newWebSocket(Request.Builder().url(${q(socketUrl(origin))}).build(), object : WebSocketListener() {
            override fun onOpen(ws: WebSocket, response: Response) {
                ws.send("${f.connect}")
                ws.send("${f.subscribe}")
            }
            // A MESSAGE frame's body is the push JSON: {"type": "APPLOZIC_01", "message": {...}}.
            override fun onMessage(ws: WebSocket, text: String) = onFrame(text)
        })
}`;
}

export function iosNativeSample({ origin, appId }: NativeSampleInput): string {
  const f = stompFrames('swift');
  return `// Swift (iOS 15+): your own chat screen on URLSession and URLSessionWebSocketTask.
import Foundation

final class ConvoChat {
    private let server = ${q(origin)}
    private let appId = ${q(appId)}
    private var token = ""
    private var userKey = ""
    private var socket: URLSessionWebSocketTask?

    private func post(_ path: String, _ body: [String: Any]) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: server + path)!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(appId, forHTTPHeaderField: "Application-Key")
        if !token.isEmpty { request.setValue(token, forHTTPHeaderField: "X-Authorization") }
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// 1. The customer: keep userId and password in the Keychain (the password is theirs alone).
    func register(userId: String, password: String) async throws {
        let answer = try await post(${q(NATIVE_CALLS.register)}, [
            "applicationId": appId, "userId": userId, "password": password,
            "authenticationTypeId": 1, "deviceType": 4,
        ])
        token = answer["authToken"] as? String ?? ""
        userKey = answer["userKey"] as? String ?? ""
    }

    /// 2. A support conversation; its id is the groupId of its messages.
    func startConversation(title: String) async throws -> Int {
        let answer = try await post(${q(NATIVE_CALLS.createConversation)}, ["groupName": title, "type": ${SUPPORT_CONVERSATION_TYPE}])
        return (answer["response"] as? [String: Any])?["id"] as? Int ?? 0
    }

    /// 3. The customer's message.
    func send(groupId: Int, text: String) async throws {
        _ = try await post(${q(NATIVE_CALLS.send)}, ["groupId": groupId, "message": text])
    }

    /// 4. Agents' replies as they are sent (STOMP 1.1 over a WebSocket).
    func listen(onFrame: @escaping (String) -> Void) {
        let task = URLSession.shared.webSocketTask(with: URL(string: ${q(socketUrl(origin))})!)
        socket = task
        task.resume()
        task.send(.string("${f.connect}")) { _ in }
        task.send(.string("${f.subscribe}")) { _ in }
        func receive() {
            task.receive { result in
                if case .success(.string(let frame)) = result { onFrame(frame) }
                if case .success = result { receive() }
            }
        }
        receive()
    }
}`;
}

export function reactNativeNativeSample({ origin, appId }: NativeSampleInput): string {
  const f = stompFrames('js');
  return `// React Native (or any JavaScript app): your own chat screen on fetch and WebSocket.
const SERVER = ${q(origin)};
const APP_ID = ${q(appId)};

async function post(path, body, token) {
  const headers = { 'Content-Type': 'application/json', 'Application-Key': APP_ID };
  if (token) headers['X-Authorization'] = token;
  const response = await fetch(SERVER + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return response.json();
}

export async function startChat(userId, password, title, onFrame) {
  // 1. The customer: keep userId and password in secure storage (the password is theirs alone).
  const { authToken: token, userKey } = await post(${q(NATIVE_CALLS.register)}, {
    applicationId: APP_ID, userId, password, authenticationTypeId: 1, deviceType: 1,
  });
  // 2. A support conversation; its id is the groupId of its messages.
  const { response } = await post(${q(NATIVE_CALLS.createConversation)}, { groupName: title, type: ${SUPPORT_CONVERSATION_TYPE} }, token);
  // 4. Agents' replies as they are sent (STOMP 1.1 over a WebSocket).
  const appId = APP_ID;
  const socket = new WebSocket(${q(socketUrl(origin))});
  socket.onopen = () => {
    socket.send(\`${f.connect}\`);
    socket.send(\`${f.subscribe}\`);
  };
  socket.onmessage = (event) => onFrame(event.data);
  // 3. The customer's messages.
  const send = (text) => post(${q(NATIVE_CALLS.send)}, { groupId: response.id, message: text }, token);
  return { groupId: response.id, send, close: () => socket.close() };
}`;
}

export function flutterNativeSample({ origin, appId }: NativeSampleInput): string {
  const f = stompFrames('dart');
  return `// Flutter (pubspec: http, web_socket_channel): your own chat screen.
import 'dart:convert';
import 'package:http/http.dart' as http;
import 'package:web_socket_channel/web_socket_channel.dart';

class ConvoChat {
  static const server = ${q(origin)};
  static const appId = ${q(appId)};
  String token = '';
  String userKey = '';

  Future<Map<String, dynamic>> _post(String path, Map<String, dynamic> body) async {
    final response = await http.post(Uri.parse(server + path),
        headers: {
          'Content-Type': 'application/json',
          'Application-Key': appId,
          if (token.isNotEmpty) 'X-Authorization': token,
        },
        body: jsonEncode(body));
    return jsonDecode(response.body) as Map<String, dynamic>;
  }

  /// 1. The customer: keep userId and password in secure storage (the password is theirs alone).
  Future<void> register(String userId, String password) async {
    final answer = await _post(${q(NATIVE_CALLS.register)}, {
      'applicationId': appId, 'userId': userId, 'password': password,
      'authenticationTypeId': 1, 'deviceType': 1,
    });
    token = answer['authToken'] as String;
    userKey = answer['userKey'] as String;
  }

  /// 2. A support conversation; its id is the groupId of its messages.
  Future<int> startConversation(String title) async =>
      (await _post(${q(NATIVE_CALLS.createConversation)}, {'groupName': title, 'type': ${SUPPORT_CONVERSATION_TYPE}}))['response']['id'] as int;

  /// 3. The customer's message.
  Future<void> send(int groupId, String text) =>
      _post(${q(NATIVE_CALLS.send)}, {'groupId': groupId, 'message': text});

  /// 4. Agents' replies as they are sent (STOMP 1.1 over a WebSocket).
  Stream<dynamic> listen() {
    final channel = WebSocketChannel.connect(Uri.parse(${q(socketUrl(origin))}));
    channel.sink.add('${f.connect}');
    channel.sink.add('${f.subscribe}');
    return channel.stream;
  }
}`;
}

/** Flutter's WebView (webview_flutter): the chat window itself, as the other WebView samples. */
export function flutterWebViewSample(frameUrl: string): string {
  return `// Flutter (pubspec: webview_flutter): a screen showing the chat
import 'package:flutter/material.dart';
import 'package:webview_flutter/webview_flutter.dart';

class ChatScreen extends StatelessWidget {
  ChatScreen({super.key});

  final controller = WebViewController()
    ..setJavaScriptMode(JavaScriptMode.unrestricted)
    ..loadRequest(Uri.parse(${q(frameUrl)}));

  @override
  Widget build(BuildContext context) =>
      Scaffold(body: SafeArea(child: WebViewWidget(controller: controller)));
}`;
}

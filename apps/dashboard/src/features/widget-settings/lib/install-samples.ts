// What the install pages show for mobile apps: the chat's frame URL for a WebView and code that
// opens it on Android, iOS and React Native.

import { WIDGET_PUBLIC_PATHS } from '@convo/api';

export interface FrameUrlInput {
  origin: string;
  appId: string;
}

/** The chat window alone (no launcher), as the iframe snippet shows it. */
export function mobileFrameUrl({ origin, appId }: FrameUrlInput): string {
  return `${origin}${WIDGET_PUBLIC_PATHS.frame}?appId=${encodeURIComponent(appId)}&mode=embedded`;
}

const quoted = (value: string) => JSON.stringify(value);

export function androidSample(url: string): string {
  return `// Kotlin: an Activity whose layout is one WebView (R.id.chat)
class ChatActivity : AppCompatActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_chat)
        val webView = findViewById<WebView>(R.id.chat)
        webView.settings.javaScriptEnabled = true
        webView.settings.domStorageEnabled = true // keeps the visitor's conversation
        webView.webViewClient = WebViewClient()
        webView.loadUrl(${quoted(url)})
    }
}
// AndroidManifest.xml: <uses-permission android:name="android.permission.INTERNET" />`;
}

export function iosSample(url: string): string {
  return `// Swift: a view controller showing the chat in a WKWebView
import UIKit
import WebKit

final class ChatViewController: UIViewController {
    private let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())

    override func loadView() {
        view = webView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        webView.load(URLRequest(url: URL(string: ${quoted(url)})!))
    }
}`;
}

export function reactNativeSample(url: string): string {
  return `// React Native: npm install react-native-webview
import { SafeAreaView } from 'react-native';
import { WebView } from 'react-native-webview';

export function ChatScreen() {
  return (
    <SafeAreaView style={{ flex: 1 }}>
      <WebView
        source={{ uri: ${quoted(url)} }}
        domStorageEnabled
        javaScriptEnabled
      />
    </SafeAreaView>
  );
}`;
}

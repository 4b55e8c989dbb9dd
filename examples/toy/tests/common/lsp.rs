//! A scripted Language Server Protocol client, as an editor is one: it
//! starts a server, speaks JSON-RPC with `Content-Length` framing on its
//! stdin and stdout, and waits for each answer with a time limit, so that a
//! hung server fails the test instead of hanging it.

use std::{
    io::{BufRead, BufReader, Write},
    path::Path,
    process::{Child, ChildStdin, Command, ExitStatus, Stdio},
    sync::mpsc::{self, Receiver, RecvTimeoutError},
    time::{Duration, Instant},
};

use serde_json::{json, Value};

/// How long a server may take to answer one message.
const TIMEOUT: Duration = Duration::from_secs(60);

/// One server process and the messages it sent.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Result<Value, String>>,
    next_id: i64,
    /// Notifications received while waiting for something else.
    pending: Vec<Value>,
}

impl Session {
    /// Starts `server` and initializes it as VS Code's MLIR extension does
    /// (hierarchical document symbols); returns the session and the
    /// server's capabilities.
    pub fn start(server: &Path) -> (Self, Value) {
        let mut child = Command::new(server)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", server.display()));
        let stdout = child.stdout.take().expect("piped");
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let message = read_message(&mut reader);
                let end = message.is_err();
                if sender.send(message).is_err() || end {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        let mut session = Self {
            child,
            stdin,
            messages,
            next_id: 0,
            pending: Vec::new(),
        };
        let result = session.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": {
                    "textDocument": {
                        "documentSymbol": {"hierarchicalDocumentSymbolSupport": true}
                    }
                }
            }),
        );
        session.notify("initialized", json!({}));
        (session, result["capabilities"].clone())
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its result (panics on an error answer).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.receive(method);
            if message.get("id") == Some(&json!(id)) && message.get("method").is_none() {
                assert!(
                    message.get("error").is_none(),
                    "{method} answered with an error: {message}"
                );
                return message["result"].clone();
            }
            self.pending.push(message);
        }
    }

    /// Opens a document (`uri`, MLIR text, version 1) and returns the
    /// diagnostics the server publishes for it.
    pub fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "mlir", "version": 1, "text": text}}),
        );
        self.diagnostics(uri, 1)
    }

    /// Replaces a document's text (as the editor does on each keystroke)
    /// and returns the diagnostics the server publishes for that version.
    pub fn change(&mut self, uri: &str, version: i64, text: &str) -> Value {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": text}]
            }),
        );
        self.diagnostics(uri, version)
    }

    /// Waits for `textDocument/publishDiagnostics` of `uri` at `version`;
    /// returns its diagnostics.
    fn diagnostics(&mut self, uri: &str, version: i64) -> Value {
        let matches = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        };
        if let Some(i) = self.pending.iter().position(matches) {
            return self.pending.remove(i)["params"]["diagnostics"].clone();
        }
        loop {
            let message = self.receive("textDocument/publishDiagnostics");
            if matches(&message) {
                return message["params"]["diagnostics"].clone();
            }
            self.pending.push(message);
        }
    }

    /// A request at a position of a document (`textDocument/hover`,
    /// `textDocument/definition`, ...).
    pub fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        self.request(
            method,
            json!({
                "textDocument": {"uri": uri},
                "position": {"line": line, "character": character}
            }),
        )
    }

    /// `shutdown`, then `exit`: the server must end by itself, with
    /// success.
    pub fn shut_down(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        let status = self.wait_for_exit();
        assert!(status.success(), "the server ended with {status}");
    }

    /// `exit` without `shutdown`, or the end of its input: the server must
    /// end by itself; returns how.
    pub fn end(mut self, send_exit: bool) -> ExitStatus {
        if send_exit {
            self.notify("exit", Value::Null);
        } else {
            self.stdin = None;
        }
        self.wait_for_exit()
    }

    fn wait_for_exit(&mut self) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the server can be waited for") {
                return status;
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "the server did not end within {TIMEOUT:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        let stdin = self.stdin.as_mut().expect("the session's input is open");
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|()| stdin.flush())
            .unwrap_or_else(|e| panic!("the server stopped reading ({e}) before {message}"));
    }

    fn receive(&mut self, waiting_for: &str) -> Value {
        match self.messages.recv_timeout(TIMEOUT) {
            Ok(Ok(message)) => message,
            Ok(Err(e)) => panic!("waiting for {waiting_for}: {e}"),
            Err(RecvTimeoutError::Timeout) => {
                panic!("the server sent nothing for {TIMEOUT:?} while the client waited for {waiting_for}")
            }
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the server closed its output while the client waited for {waiting_for}")
            }
        }
    }
}

impl Drop for Session {
    /// A server left running by a failed test is killed.
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Reads one framed message: headers, an empty line, then
/// `Content-Length` bytes of JSON.
fn read_message(reader: &mut impl BufRead) -> Result<Value, String> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return Err("the server closed its output".into());
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length:") {
            length = Some(value.trim().parse::<usize>().map_err(|e| e.to_string())?);
        }
    }
    let length = length.ok_or("a message without Content-Length")?;
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|e| e.to_string())?;
    serde_json::from_slice(&body).map_err(|e| format!("not JSON ({e}): {body:?}"))
}

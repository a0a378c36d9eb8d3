//! The core's structure, read from its sources: no cycle among the crate's top-level modules
//! (`src/position.rs` and `src/search/` are each one). A module depends on another when its
//! code names it: `use crate::game::..`, `crate::pgn::write(..)`, or an item that `lib.rs`
//! re-exports from it (`use crate::{Game, Outcome}`). Unit tests (`#[cfg(test)] mod tests` at
//! a file's end) and comments do not count; `super::` stays within a module. The layers as
//! they are: docs/architecture.md.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Each top-level module (its name) and the modules it names.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The source without comments and without the unit tests at its end.
fn code(source: &str) -> String {
    let mut out = String::new();
    let mut lines = source.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines
                .peek()
                .is_some_and(|l| l.trim_start().starts_with("mod "))
        {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        // a comment after code (a `//` inside a string is not expected in a path's line)
        out.push_str(line.split(" //").next().unwrap_or(line));
        out.push('\n');
    }
    out
}

/// The first segments of the paths in a use tree's group (`{Game, san::to_san, fen}` gives
/// Game, san, fen).
fn group_heads(group: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut item = String::new();
    for c in group.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                heads.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        if depth == 0 {
            item.push(c);
        }
    }
    heads.push(item);
    heads
        .iter()
        .filter_map(|i| i.trim().split("::").next().map(str::to_string))
        .filter(|h| !h.is_empty() && h != "self")
        .collect()
}

/// The first segments of every `crate::` path in `code`.
fn crate_paths(code: &str) -> Vec<String> {
    let mut heads = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        if i > 0 && code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue; // `makruk_crate::`, not ours
        }
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let end = group
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map_or(group.len(), |(k, _)| k);
            heads.extend(group_heads(&group[..end]));
        } else {
            let head: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            heads.push(head);
        }
    }
    heads
}

/// The items `lib.rs` re-exports (`pub use game::{Game, Outcome}`) and their module.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for statement in code(lib).split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let path = path.trim_start_matches("crate::");
        let Some((module, rest)) = path.split_once("::") else {
            continue;
        };
        let rest = rest.trim();
        let items = match rest.strip_prefix('{') {
            Some(group) => group_heads(group.trim_end_matches('}')),
            None => vec![rest.rsplit("::").next().unwrap_or(rest).to_string()],
        };
        for item in items {
            names.insert(item, module.to_string());
        }
    }
    names
}

/// The graph of `files` (path under `src/`, source): each top-level module and the others
/// its code names, directly or through `lib.rs`'s re-exports.
fn graph(files: &[(String, String)]) -> Graph {
    let lib = files
        .iter()
        .find(|(p, _)| p == "lib.rs")
        .map_or("", |(_, s)| s.as_str());
    let names = reexports(lib);
    let module_of = |path: &str| -> String {
        let first = path.split('/').next().unwrap_or(path);
        first.trim_end_matches(".rs").to_string()
    };
    let modules: BTreeSet<String> = files
        .iter()
        .map(|(p, _)| module_of(p))
        .filter(|m| m != "lib")
        .collect();
    let mut graph = Graph::new();
    for (path, source) in files {
        let from = module_of(path);
        if from == "lib" {
            continue;
        }
        let deps = graph.entry(from.clone()).or_default();
        for head in crate_paths(&code(source)) {
            let to = if modules.contains(&head) {
                Some(head)
            } else {
                names.get(&head).cloned()
            };
            if let Some(to) = to.filter(|to| *to != from) {
                deps.insert(to);
            }
        }
    }
    graph
}

/// A cycle of `graph` as the modules along it (the first again at the end), if any.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        done: &mut BTreeSet<String>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(k) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[k..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

/// Every `.rs` file under `dir`, with its path relative to `root`.
fn sources(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let name = path.strip_prefix(root).expect("under src/");
            let name = name.to_string_lossy().replace('\\', "/");
            out.push((name, fs::read_to_string(&path).expect("a source file")));
        }
    }
}

fn crate_graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &src, &mut files);
    graph(&files)
}

#[test]
fn no_cycle_among_the_core_modules() {
    let graph = crate_graph();
    assert!(graph.len() > 15, "the modules were found: {graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("a module cycle: {}", cycle.join(" -> "));
    }
}

/// The layers docs/architecture.md draws: the board's vocabulary knows no position, the
/// position no game, the notations no game, the game no PGN, the rules no search.
#[test]
fn the_layers_point_down() {
    let graph = crate_graph();
    let never = [
        ("types", "position"),
        ("bitboard", "position"),
        ("counting", "position"),
        ("outcome", "position"),
        ("position", "game"),
        ("position", "fen"),
        ("fen", "game"),
        ("san", "game"),
        ("uci_move", "game"),
        ("game", "pgn"),
        ("game", "search"),
        ("position", "search"),
    ];
    for (from, to) in never {
        let deps = graph.get(from).unwrap_or_else(|| panic!("module {from}"));
        assert!(!deps.contains(to), "{from} uses {to}: {deps:?}");
    }
}

fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(p, s)| (p.to_string(), s.to_string()))
        .collect()
}

#[test]
fn the_checker_finds_a_made_up_cycle() {
    // b reaches a through lib.rs's re-export, c through an inline path
    let made_up = files(&[
        (
            "lib.rs",
            "mod a;\nmod b;\nmod c;\npub use a::{Alpha, Beta as B};\n",
        ),
        ("a.rs", "use crate::c::Gamma;\n"),
        ("b.rs", "use crate::{Alpha, c};\n"),
        ("c/mod.rs", "fn f() { crate::b::g(); }\n"),
        ("c/inner.rs", "use super::Gamma;\n"),
    ]);
    let graph = graph(&made_up);
    assert_eq!(
        graph["b"],
        BTreeSet::from(["a".to_string(), "c".to_string()])
    );
    assert_eq!(graph["c"], BTreeSet::from(["b".to_string()]));
    let cycle = find_cycle(&graph).expect("a -> c -> b -> a");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4, "{cycle:?}");
}

#[test]
fn the_checker_skips_comments_and_unit_tests() {
    let made_up = files(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "use crate::b::X;\n"),
        (
            "b.rs",
            "//! uses crate::a in its docs\nfn f() {} // crate::a::g()\n\
             #[cfg(test)]\nmod tests {\n    use crate::a::Y;\n}\n",
        ),
    ]);
    let graph = graph(&made_up);
    assert!(graph["b"].is_empty(), "{graph:?}");
    assert_eq!(find_cycle(&graph), None);
}

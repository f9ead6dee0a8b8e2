//! `broken_reference` on a relative link in a pull request or issue template. GitHub
//! copies the template into the body of each new pull request (or issue), and a body
//! resolves a relative link from the page's own URL (`/<owner>/<repo>/pull/123`,
//! `/<owner>/<repo>/compare/main...topic`), not from the template's folder: the
//! `../CONTRIBUTING.md` that is right where `.github/pull_request_template.md` is viewed
//! as a file opens `github.com/<owner>/<repo>/CONTRIBUTING.md` in every pull request, a
//! 404 — on the very checklist a contributor is asked to read. A full URL works in both
//! places, and is the `suggestion`.
//!
//! Read: the templates GitHub reads (`pull_request_template.md` or `issue_template.md`
//! in the root, `docs/` or `.github/`, and the `.md` files of a `PULL_REQUEST_TEMPLATE/`
//! or `ISSUE_TEMPLATE/` folder there), and of those only a link that names a path of the
//! repository where the template is kept (one that climbs above the root was written for
//! the forge's pages) and that does not reach one of the repository's pages from the
//! body (`../blob/main/CONTRIBUTING.md` does: `/<owner>/<repo>/blob/main/…`).

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::resolve::{classify, LinkTarget};
use crate::scan::signal::{Signal, SignalName};
use crate::scan::signals::by_cause::group_by_cause;

/// The pages of a repository a body's link may reach (`/<owner>/<repo>/<route>/…`). Not
/// `pull` nor `compare`: a name after them is no pull request and no comparison.
const ROUTES: [&str; 21] = [
    "blob",
    "tree",
    "raw",
    "wiki",
    "issues",
    "pulls",
    "discussions",
    "releases",
    "actions",
    "security",
    "labels",
    "milestones",
    "projects",
    "commits",
    "commit",
    "tags",
    "branches",
    "graphs",
    "network",
    "pulse",
    "contributors",
];

/// Whether `path` (root-relative) is a template GitHub copies into a new pull request's
/// or issue's body.
pub fn is_body_template(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let (dir, name) = lower.rsplit_once('/').unwrap_or(("", &lower));
    let place = |d: &str| matches!(d, "" | "docs" | ".github");
    if place(dir) && matches!(name, "pull_request_template.md" | "issue_template.md") {
        return true;
    }
    let (outer, folder) = dir.rsplit_once('/').unwrap_or(("", dir));
    name.ends_with(".md")
        && place(outer)
        && matches!(folder, "pull_request_template" | "issue_template")
}

/// Whether `dest` (relative, as written), read from a body at
/// `/<owner>/<repo>/pull/<n>`, reaches a page of the repository.
fn reaches_a_page(dest: &str) -> bool {
    let path = dest.split(['#', '?']).next().unwrap_or(dest);
    // Names standing for the owner and the repository: a path from the host's root
    // (`/CONTRIBUTING.md`) starts over, and reaches a page only by naming a route third.
    let at = walk(vec!["\0owner", "\0repo", "pull"], path);
    let ours =
        path.starts_with('/') || (at.first() == Some(&"\0owner") && at.get(1) == Some(&"\0repo"));
    ours && at.get(2).is_some_and(|route| ROUTES.contains(route))
}

/// The names of the URL path `written` opens from a page in `folder` (from the host's
/// root when it starts with `/`).
fn walk<'a>(folder: Vec<&'a str>, written: &'a str) -> Vec<&'a str> {
    let mut at = if written.starts_with('/') { Vec::new() } else { folder };
    for part in written.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                at.pop();
            }
            name => at.push(name),
        }
    }
    at
}

/// Adds a signal for each relative link of a pull request or issue template that its
/// body would not resolve.
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Findings) {
    if !is_body_template(&doc.path) {
        return;
    }
    let issue = doc.path.to_ascii_lowercase().contains("issue_template");
    let (body, page) = if issue { ("issue", "issues/123") } else { ("pull request", "pull/123") };
    let repo = ctx.known_versions.repos.first();
    let mut found: Vec<(String, Signal)> = Vec::new();
    for link in &doc.parsed.links {
        let LinkTarget::Local { written, path, fragment } = classify(&link.dest, doc.dir()) else {
            continue;
        };
        if path.starts_with("../") || reaches_a_page(&written) {
            continue;
        }
        let slug = repo.map_or("<owner>/<repo>", String::as_str);
        let lands = landing(slug, page, &written);
        let there = ctx.tree.exists(&path);
        let file = if there {
            format!("`{written}` reaches `{path}` where this template is viewed as a file, but")
        } else {
            format!("`{written}` names `{path}`, which does not exist, and")
        };
        let detail = format!(
            "{file} GitHub copies the template into each new {body}'s body, which reads the link from its own URL (`github.com/{slug}/{page}`): it opens `{lands}`, a 404. A full URL works in both places"
        );
        let mut sig = Signal::new(SignalName::BrokenReference, link.line, detail)
            .with_target(link.dest.trim());
        if let Some(repo) = repo.filter(|_| there) {
            let fragment = fragment.map(|f| format!("#{f}")).unwrap_or_default();
            sig = sig
                .with_suggestion(format!("https://github.com/{repo}/blob/HEAD/{path}{fragment}"));
        }
        found.push((doc.path.clone(), sig));
    }
    for (path, sig) in group_by_cause(found) {
        out.push(&path, sig);
    }
}

/// The URL `written` opens from a body at `github.com/<slug>/<page>`.
fn landing(slug: &str, page: &str, written: &str) -> String {
    let mut folder: Vec<&str> = slug.split('/').chain(page.split('/')).collect();
    folder.pop(); // the page's own name: a link is read from its folder
    format!("github.com/{}", walk(folder, written).join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_templates_github_copies_into_a_body() {
        for path in [
            ".github/pull_request_template.md",
            ".github/PULL_REQUEST_TEMPLATE.md",
            "PULL_REQUEST_TEMPLATE.md",
            "docs/pull_request_template.md",
            ".github/PULL_REQUEST_TEMPLATE/feature.md",
            ".github/ISSUE_TEMPLATE/bug_report.md",
            ".github/issue_template.md",
        ] {
            assert!(is_body_template(path), "{path}");
        }
        for path in [
            "CONTRIBUTING.md",
            "templates/pull_request_template.md",
            ".github/ISSUE_TEMPLATE/config.yml",
            "pkg/.github/pull_request_template.md",
        ] {
            assert!(!is_body_template(path), "{path}");
        }
    }

    #[test]
    fn a_body_reads_a_link_from_the_pull_requests_url() {
        // Written for the body: up to the repository, then one of its pages.
        assert!(reaches_a_page("../blob/main/CONTRIBUTING.md"));
        assert!(reaches_a_page("../issues"));
        assert!(reaches_a_page("/acme/tool/blob/main/CONTRIBUTING.md#dco"));
        // Written for the file: no page of the repository from the body.
        assert!(!reaches_a_page("../CONTRIBUTING.md"));
        assert!(!reaches_a_page("./CONTRIBUTING.md"));
        assert!(!reaches_a_page("CONTRIBUTING.md"));
        assert!(!reaches_a_page("/CONTRIBUTING.md"));
        assert!(!reaches_a_page("../../blob/main/CONTRIBUTING.md"));
        assert_eq!(
            landing("acme/tool", "pull/123", "../CONTRIBUTING.md"),
            "github.com/acme/tool/CONTRIBUTING.md"
        );
        assert_eq!(
            landing("acme/tool", "pull/123", "./docs/a.md"),
            "github.com/acme/tool/pull/docs/a.md"
        );
        assert_eq!(
            landing("acme/tool", "pull/123", "/CONTRIBUTING.md"),
            "github.com/CONTRIBUTING.md"
        );
    }
}

import { describe, expect, it } from "bun:test";
import { renderToString } from "react-dom/server";
import { Island, serializeForScript } from "./island";

function Bio({ bio }: { bio: string }) {
  return <p>{bio}</p>;
}

describe("serializeForScript", () => {
  it("leaves no '<', '>' or '&' in the output, so '</script>' in a prop is inert", () => {
    const hostile = { bio: '</script><script>alert("x")</script><!-- & \u2028\u2029' };
    const json = serializeForScript(hostile);
    expect(json).not.toContain("<");
    expect(json).not.toContain(">");
    expect(json).not.toContain("&");
    expect(json).not.toContain("\u2028");
    expect(JSON.parse(json)).toEqual(hostile);
  });
});

describe("<Island>", () => {
  it("renders the component and its props; a bio containing </script> cannot end the props script", () => {
    const bio = 'Hi</script><script>document.title="owned"</script>';
    const html = renderToString(<Island name="bio" component={Bio} props={{ bio }} />);
    expect(html).toContain('data-island="bio"');
    // The only </script> in the output is the one closing the props element.
    expect(html.match(/<\/script>/gi)?.length).toBe(1);
    const propsJson = /<script type="application\/json" data-island-props="bio">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(propsJson!)).toEqual({ bio });
  });
});

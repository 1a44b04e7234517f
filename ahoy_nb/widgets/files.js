// A button that opens a file: it reads the chosen file as text and hands it to Python
// (the `picked` trait). ipywidgets' FileUpload counts its files on its label ("Open (0)")
// and titles itself "null"; a person needs neither. Talks through traits only.

const MAX_BYTES = 5 * 1024 * 1024;  // no saved game comes near this

function render({ model, el }) {
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-widgets jupyter-button widget-button ahoy-open";
  function draw() {
    button.textContent = model.get("label");
    button.title = model.get("title");
    input.accept = model.get("accept");
  }
  button.addEventListener("click", () => { input.value = ""; input.click(); });
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const id = Date.now();
    if (file.size > MAX_BYTES) {
      model.set("picked", { id, name: file.name, text: "", size: file.size });
      model.save_changes();
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      model.set("picked", { id, name: file.name, text: String(reader.result), size: file.size });
      model.save_changes();
    };
    reader.readAsText(file);
  });
  model.on("change:label", draw);
  model.on("change:title", draw);
  model.on("change:accept", draw);
  draw();
  el.append(button, input);
  return () => {
    model.off("change:label", draw);
    model.off("change:title", draw);
    model.off("change:accept", draw);
  };
}

export default { render };

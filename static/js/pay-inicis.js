// /pay/inicis/popup: opens KG Inicis's payment window for the signed form (INIStdPay.js defines INIStdPay).
document.getElementById("inicis-pay-button")?.addEventListener("click", () => {
  globalThis.INIStdPay?.pay("inicis-pay-form");
});
